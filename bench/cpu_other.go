//go:build !unix

package bench

import "time"

// processCPU is unknown on this system.
func processCPU() (time.Duration, bool) { return 0, false }
