package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// threadCPU is the CPU time, in milliseconds, of each thread of the
// browser started with its profile in dir, and of the processes it
// started: /proc (Linux; nil elsewhere), keyed by /proc's task path, each
// with its name, "renderer/DedicatedWorker thread": the process's kind
// (--type=, or browser) and the thread's.
func threadCPU(dir string) map[string]threadTime {
	procs, _ := filepath.Glob("/proc/[0-9]*")
	parent, ours := map[string]string{}, map[string]bool{}
	for _, p := range procs {
		fields := statFields(p + "/stat")
		if fields == nil {
			continue
		}
		pid := filepath.Base(p)
		parent[pid] = fields[1]
		if cmd, _ := os.ReadFile(p + "/cmdline"); strings.Contains(string(cmd), dir) {
			ours[pid] = true
		}
	}
	mine := func(pid string) bool {
		for range 8 { // the browser, its zygotes, their children
			if ours[pid] {
				return true
			}
			if pid = parent[pid]; pid == "" || pid == "0" {
				return false
			}
		}
		return false
	}
	out := map[string]threadTime{}
	for _, p := range procs {
		if !mine(filepath.Base(p)) {
			continue
		}
		kind := "browser"
		cmd, _ := os.ReadFile(p + "/cmdline")
		// Split at NULs and spaces: a process forked from chromium's
		// zygote writes its command line as one string.
		for _, arg := range strings.FieldsFunc(string(cmd), func(r rune) bool { return r == 0 || r == ' ' }) {
			if t, ok := strings.CutPrefix(arg, "--type="); ok {
				kind = t
			}
		}
		tasks, _ := filepath.Glob(p + "/task/*")
		for _, t := range tasks {
			name, _ := os.ReadFile(t + "/comm")
			fields := statFields(t + "/stat")
			if fields == nil {
				continue
			}
			user, _ := strconv.ParseFloat(fields[11], 64)
			sys, _ := strconv.ParseFloat(fields[12], 64)
			out[t] = threadTime{kind + "/" + strings.TrimSpace(string(name)), (user + sys) * 1000 / clockTicks}
		}
	}
	return out
}

// clockTicks is /proc's unit of CPU time a second (USER_HZ, 100 on Linux).
const clockTicks = 100

type threadTime struct {
	name string
	ms   float64
}

// statFields are the fields of a /proc stat file after the command's
// name (state, ppid, ...), or nil.
func statFields(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	s := string(b)
	i := strings.LastIndex(s, ")")
	if i < 0 || i+2 > len(s) {
		return nil
	}
	return strings.Fields(s[i+2:])
}

// cpuText says the CPU each kind of thread used between two threadCPU
// snapshots, most first: "CPU 2630 ms: renderer/ThreadPoolForeg 1010,
// renderer/chromium 520, ..." (kinds under 20 ms left out). In chromium's
// renderer, chromium is the page's thread, DedicatedWorker thread the
// engine's, ThreadPoolForeg(round) V8's compiles (WebAssembly's TurboFan
// among them).
func cpuText(before, after map[string]threadTime) string {
	if len(after) == 0 {
		return "CPU: not known here (no /proc)"
	}
	by := map[string]float64{}
	total := 0.0
	for k, a := range after {
		if d := a.ms - before[k].ms; d > 0 {
			by[a.name] += d
			total += d
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return compareMS(by[b], by[a]) })
	var parts []string
	for _, n := range names {
		if by[n] >= 20 {
			parts = append(parts, fmt.Sprintf("%s %.0f", n, by[n]))
		}
	}
	return fmt.Sprintf("CPU %.0f ms: %s", total, strings.Join(parts, ", "))
}
