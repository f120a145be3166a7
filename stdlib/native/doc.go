// Package native holds the mathematical fast paths of the grundy standard
// library: take-and-break codes (octal, hexadecimal and CGSuite's general
// codes) with fast nim sequences and periodicity proofs, Lasker's Nim,
// Wythoff's game, Fibonacci Nim, nim multiplication and Green Hackenbush.
//
// Every fast path here is tested against the plain move-by-move mex
// definition (written out plainly in the tests or exported as a Plain*
// function) on every size that the plain definition reaches in a second or
// two. The package depends on nothing but the Go standard library.
package native
