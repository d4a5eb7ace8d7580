package cli

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestParseTTMem: sizes from 1 MiB to 1 TiB, in bytes or with a unit, and
// no more than the machine's physical memory when that is known (phys 0:
// unknown, no check). The machine's memory here is passed in, so the test
// does not depend on the machine it runs on.
func TestParseTTMem(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		s    string
		phys uint64
		want int64  // when the error is nil
		err  string // a part of the error, "" for none
	}{
		{"256MiB", 24 * gib, 256 << 20, ""},
		{"24GiB", 24 * gib, 24 * gib, ""}, // exactly the machine's memory: allowed
		{"1048576", 24 * gib, 1 << 20, ""},
		{"1TiB", 0, 1 << 40, ""}, // memory unknown: no check
		{"64GiB", 0, 64 * gib, ""},
		{"25GiB", 24 * gib, 0, `--tt-mem "25GiB": 25 GiB is more than this machine's physical memory (24 GiB)`},
		{"30GB", 24 * gib, 0, `--tt-mem "30GB": 28 GiB is more than this machine's physical memory (24 GiB)`},
		{"1TiB", 16 * gib, 0, `--tt-mem "1TiB": 1.0 TiB is more than this machine's physical memory (16 GiB)`},
		{"4294967297", 4 * gib, 0, `--tt-mem "4294967297": 4.0 GiB is more than this machine's physical memory (4.0 GiB)`},
		{"12", 0, 0, `--tt-mem "12": between 1MiB and 1TiB`},
		{"2000000000000", 0, 0, `--tt-mem "2000000000000": between 1MiB and 1TiB`},
		{"2TiB", 0, 0, `--tt-mem "2TiB": between 1MiB and 1TiB`},
		{"lots", 24 * gib, 0, `--tt-mem "lots": not a size`},
	} {
		got, err := parseTTMem(c.s, c.phys)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("parseTTMem(%q, %d) = %d, %v; want %d", c.s, c.phys, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("parseTTMem(%q, %d) = %d, %v; want an error with %q", c.s, c.phys, got, err, c.err)
		}
	}
}

// TestTTMemAboveMachine runs solve, analyze and bench with --tt-mem 1TiB:
// refused before anything is allocated, on a machine with less memory (the
// check needs this machine's memory to be known and below 1 TiB).
func TestTTMemAboveMachine(t *testing.T) {
	phys := physicalMemory()
	if phys == 0 || phys >= 1<<40 {
		t.Skipf("physical memory %d: unknown or not below 1 TiB", phys)
	}
	for _, args := range [][]string{
		{"solve", "--game", "reloj", "--seed", "1", "--tt-mem", "1TiB"},
		{"analyze", "--game", "reloj", "--seeds", "1..2", "--tt-mem", "1TiB"},
		{"gen", "--game", "reloj", "--count", "1", "--tt-mem", "1TiB"},
		{"bench", "--game", "reloj", "--seeds", "1", "--tt-mem", "1TiB"},
	} {
		code, errOut := runPlain(args...)
		want := `solitario: ` + args[0] + `: --tt-mem "1TiB": 1.0 TiB is more than this machine's physical memory (`
		if code != ExitError || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q…", args, code, errOut, want)
		}
	}
}

// TestPhysicalMemory: on Linux, sysinfo's total RAM is /proc/meminfo's
// MemTotal (both are the kernel's totalram); elsewhere it is unknown (0).
func TestPhysicalMemory(t *testing.T) {
	phys := physicalMemory()
	if runtime.GOOS != "linux" {
		if phys != 0 {
			t.Fatalf("%s: physicalMemory %d, want 0 (unknown)", runtime.GOOS, phys)
		}
		return
	}
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skipf("no /proc/meminfo: %v", err)
	}
	var kib uint64
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			kib, _ = strconv.ParseUint(f[1], 10, 64)
		}
	}
	if kib == 0 || phys != kib*1024 {
		t.Fatalf("physicalMemory %d bytes, /proc/meminfo MemTotal %d kB", phys, kib)
	}
}
