module github.com/grundy-lang/grundy

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/creack/pty v1.1.24 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
	github.com/peterh/liner v1.2.3 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
