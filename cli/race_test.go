//go:build race

package cli_test

// raceEnabled tells that the race detector is on: it multiplies the memory a
// program uses, so TestLimits's bounds on peak memory do not hold.
const raceEnabled = true
