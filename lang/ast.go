package lang

import "github.com/alecthomas/participle/v2/lexer"

// Position is a place in a source file: file name, byte offset, line and column.
type Position = lexer.Position

// Program is a parsed source file or REPL entry.
type Program struct {
	Stmts []Stmt `parser:"@@*"`
	// Source is the text the program was parsed from (for messages and doc comments).
	Source string
}

// Stmt is a top-level statement: GameDecl, FnDecl, LetStmt, PrintStmt, CheckStmt or ExprStmt.
type Stmt interface {
	stmtNode()
	// Start is where the statement begins.
	Start() Position
}

// GameDecl declares a game: a name, parameters that make up a position, and moves.
type GameDecl struct {
	Pos    Position
	Name   string   `parser:"'game' @Ident"`
	Params []*Param `parser:"'(' (@@ (',' @@)*)? ')'"`
	// Body, from "{" to "}", is parsed by hand (gamebody.go).
	Body GameBody `parser:"@@"`
	// Doc is the comment block written just above the declaration.
	Doc string
	// FrameSize is the number of local slots its moves need, set by the checker.
	FrameSize int
}

// Param is a parameter name.
type Param struct {
	Pos  Position
	Name string `parser:"@Ident"`
}

// GameBody is what a game declaration holds between its braces.
type GameBody struct {
	// Canon, when given, maps a position's arguments to a canonical tuple, so that
	// symmetric positions share one memo entry: canonical (min(a, b), max(a, b)).
	Canon Expr
	// Show, when given, is how a position looks to a person: a string, or a list
	// of rows (strings, or lists of cells), drawn instead of Name(args) where
	// positions are shown (play, graphs, show(G)).
	Show  Expr
	Moves []*Move
}

// Move is one move clause: every combination of generator values that passes the
// where condition gives the option Result. In a scoring game the move earns Score
// points for the player who makes it (no score: 0), and Again gives that player
// the next move too. score and again are words only in this place, so score(G)
// stays a call elsewhere.
type Move struct {
	Pos    Position
	Side   Side // who may make the move: both players (move), or only Left or Right
	Label  string
	Gens   []*Gen
	Where  Expr
	Score  Expr
	Again  bool
	Result Expr
}

// Side says which player a move clause belongs to: a clause that starts with
// move is a move for both players, one that starts with left or right a move only
// that player may make (a partizan game).
type Side uint8

// The sides of a move clause.
const (
	Both Side = iota
	Left
	Right
)

func (s Side) String() string { return [...]string{"move", "left", "right"}[s] }

// Scoring reports whether the clause makes its game a scoring game.
func (m *Move) Scoring() bool { return m.Score != nil || m.Again }

// Gen binds Var to each element of In in turn; with a tuple pattern
// "(u, v) in E", it binds Names to the parts of each element instead.
type Gen struct {
	Pos   Position
	Names []string `parser:"( '(' @Ident (',' @Ident)+ ')'"`
	Var   string   `parser:"| @Ident ) 'in'"`
	In    Expr     `parser:"@@"`
	// Slot is the frame slot the checker gave to Var (to the whole element,
	// for a pattern); Slots are those of Names.
	Slot  int
	Slots []int
}

// Bound returns the names a generator binds: Var, or the names of its pattern.
func (g *Gen) Bound() []string {
	if len(g.Names) > 0 {
		return g.Names
	}
	return []string{g.Var}
}

// FnDecl declares a named function.
type FnDecl struct {
	Pos    Position
	Name   string   `parser:"'fn' @Ident"`
	Params []*Param `parser:"'(' (@@ (',' @@)*)? ')'"`
	Body   Expr     `parser:"'=' @@"`
	Doc    string
	// FrameSize is the number of local slots it needs, set by the checker.
	FrameSize int
}

// LetStmt binds a global name to a value.
type LetStmt struct {
	Pos       Position
	Name      string `parser:"'let' @Ident"`
	Value     Expr   `parser:"'=' @@"`
	FrameSize int    // local slots, set by the checker
}

// PrintStmt prints a value on one line.
type PrintStmt struct {
	Pos       Position
	Value     Expr `parser:"'print' @@"`
	FrameSize int  // local slots, set by the checker
}

// CheckStmt asserts Cond for every combination of its generators' values.
type CheckStmt struct {
	Pos       Position
	Cond      Expr   `parser:"'check' @@"`
	Gens      []*Gen `parser:"('for' @@ (',' @@)*)?"`
	Where     Expr   `parser:"('where' @@)?"`
	FrameSize int    // local slots, set by the checker
}

// ExprStmt is a bare expression (the REPL prints its value).
type ExprStmt struct {
	Pos       Position
	X         Expr `parser:"@@"`
	FrameSize int  // local slots, set by the checker
}

// Definitions returns the program less its prints, checks and bare
// expressions: its games, functions and lets, which is what loading a file
// as a library (grundy eval -f FILE) runs.
func (p *Program) Definitions() *Program {
	defs := &Program{Source: p.Source}
	for _, s := range p.Stmts {
		switch s.(type) {
		case *GameDecl, *FnDecl, *LetStmt:
			defs.Stmts = append(defs.Stmts, s)
		}
	}
	return defs
}

func (*GameDecl) stmtNode()  {}
func (*FnDecl) stmtNode()    {}
func (*LetStmt) stmtNode()   {}
func (*PrintStmt) stmtNode() {}
func (*CheckStmt) stmtNode() {}
func (*ExprStmt) stmtNode()  {}

func (s *GameDecl) Start() Position  { return s.Pos }
func (s *FnDecl) Start() Position    { return s.Pos }
func (s *LetStmt) Start() Position   { return s.Pos }
func (s *PrintStmt) Start() Position { return s.Pos }
func (s *CheckStmt) Start() Position { return s.Pos }
func (s *ExprStmt) Start() Position  { return s.Pos }

// Expr is an expression node. Span gives its first and one-past-last byte offsets.
type Expr interface {
	Start() Position
	Span() (start, end int)
}

// Node holds the source span shared by every expression.
type Node struct {
	Pos    Position
	EndOff int
}

// Start is where the expression begins.
func (n *Node) Start() Position { return n.Pos }

// Span returns the byte offsets of the expression in the source.
func (n *Node) Span() (int, int) { return n.Pos.Offset, n.EndOff }

// IntLit is an integer literal.
type IntLit struct {
	Node
	Value int64
}

// StrLit is a string literal.
type StrLit struct {
	Node
	Value string
}

// BoolLit is true or false.
type BoolLit struct {
	Node
	Value bool
}

// Ident is a name. The checker fills in Ref.
type Ident struct {
	Node
	Name string
	Ref  Ref
}

// RefKind says where a name lives.
type RefKind int

// The places a name can refer to.
const (
	Unresolved RefKind = iota
	Local              // a parameter or bound variable: Depth frames out, slot Slot
	Global             // a top-level game, fn or let, or a built-in, looked up by name
)

// Ref is the resolution of a name.
type Ref struct {
	Kind  RefKind
	Depth int
	Slot  int
}

// Unary is a prefix operator: "-", "~", "not", or "*" (nimber).
type Unary struct {
	Node
	Op string
	X  Expr
}

// Binary is an infix operator, including "..", "in", "not in", "and", "or".
type Binary struct {
	Node
	Op    string
	OpPos Position
	L, R  Expr
}

// Call applies a function or game constructor to arguments.
type Call struct {
	Node
	Fn   Expr
	Args []Expr
}

// Index is X[I].
type Index struct {
	Node
	X, I Expr
}

// Field is X.Name.
type Field struct {
	Node
	X    Expr
	Name string
}

// TupleLit is (a, b, ...).
type TupleLit struct {
	Node
	Elems []Expr
}

// ListLit is [a, b, ...].
type ListLit struct {
	Node
	Elems []Expr
}

// SetLit is {a, b, ...}.
type SetLit struct {
	Node
	Elems []Expr
}

// Comprehension is [Elem for x in xs, ... where Cond] or the same with braces (a set).
type Comprehension struct {
	Node
	Set   bool
	Elem  Expr
	Gens  []*Gen
	Where Expr
}

// Lambda is fn(params) => Body. FrameSize is set by the checker.
type Lambda struct {
	Node
	Params    []*Param
	Body      Expr
	FrameSize int
}

// LetIn is let Name = Value in Body: Value named for use in Body. Slot is set by
// the checker.
type LetIn struct {
	Node
	Name  string
	Value Expr
	Body  Expr
	Slot  int
}

// If is if Cond then Then else Else.
type If struct {
	Node
	Cond, Then, Else Expr
}
