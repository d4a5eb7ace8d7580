//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package analysis

import "time"

// processCPU is the process's CPU time: not known here.
func processCPU() (time.Duration, bool) { return 0, false }
