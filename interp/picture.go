package interp

// Picture is a value that grundy draws where it shows pictures (worksheets, the
// page, files written by the teaching commands) and prints as text elsewhere,
// such as a thermograph. The package that makes a picture gives it whatever
// drawing methods the places that show it look for; the language only prints,
// compares and stores it.
type Picture interface {
	// String is the picture in words, as print and the shell show it.
	String() string
}

// PictureValue makes a value of kind KPicture.
func PictureValue(p Picture) Value { return Value{K: KPicture, R: p} }

// Picture returns the picture a value of kind KPicture holds.
func (v Value) Picture() Picture { return v.R.(Picture) }
