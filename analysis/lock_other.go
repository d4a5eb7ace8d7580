//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package analysis

import (
	"errors"
	"os"
)

// errLocked is lockFile's error for a file whose lock another process holds.
var errLocked = errors.New("locked")

// lockFile does nothing here: without flock(2), one run per file is the
// user's care.
func lockFile(*os.File) error { return nil }
