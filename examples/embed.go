// Package examples holds the teaching files of this folder, for programs that
// show them (the page in the browser lists them).
package examples

import "embed"

// Files holds every example, *.game.
//
//go:embed *.game
var Files embed.FS
