//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package analysis

import (
	"errors"
	"os"
	"syscall"
)

// errLocked is lockFile's error for a file whose lock another process holds.
var errLocked = errors.New("locked")

// lockFile takes an exclusive flock(2) lock on f without waiting: errLocked
// if another open file holds it. The kernel drops it when f is closed or the
// process dies, so a crash leaves no stale lock. On a file system that has
// no such locks (Lustre mounted without -o flock, NFS without its lock
// service) the file is used unlocked.
func lockFile(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) {
		lerr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	}); err != nil {
		return err
	}
	switch {
	case errors.Is(lerr, syscall.EWOULDBLOCK):
		return errLocked
	case errors.Is(lerr, syscall.ENOSYS), errors.Is(lerr, syscall.ENOTSUP), errors.Is(lerr, syscall.EOPNOTSUPP), errors.Is(lerr, syscall.ENOLCK):
		return nil
	}
	return lerr
}
