// Package render turns already-computed Sprague-Grundy data into the tables,
// pictures and progress lines that the grundy tool shows.
//
// It knows nothing about games or the language: its inputs are plain
// integers and strings. A [Grid] holds a two-dimensional table of values
// (or, with one row, a sequence) and can be written as aligned text
// ([WriteText]), CSV ([WriteCSV]), JSON ([WriteJSON]) or a heat map
// ([WriteSVG], [WritePNG]). A [Graph] holds a game graph and is written as
// Graphviz DOT ([WriteDOT]); package render/layered lays it out and draws it
// as SVG or PNG itself. A [Progress] reports on long computations.
//
// Throughout, the value 0 marks a P-position (a win for the previous
// player) and a negative value marks a cell that was not computed.
package render
