//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package analysis

import (
	"syscall"
	"time"
)

// processCPU is the process's CPU time so far (user and system, all
// threads), or false where the system does not say.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
