package bench

import (
	"runtime"
	"time"
)

// WasmSpeed is what bench/cmd/wasmspeed writes: the engine compiled to
// WebAssembly and run in chromium through the board's module
// (board/static/solitario.js) against package api natively (one Engine,
// as the page keeps one), in one run, on the same solve requests (one
// worker, the same limits), seeds in chunks taken in turn by the two sides
// so that the machine's load falls on both.
type WasmSpeed struct {
	Wasm WasmRun `json:"wasm"`
}

// WasmRun is one measurement: the machine, the browser, the .wasm's size,
// the board's first answer and a row per game.
type WasmRun struct {
	Command   []string `json:"command,omitempty"`
	GoVersion string   `json:"go_version"`
	OS        string   `json:"os"`
	Arch      string   `json:"arch"`
	CPU       string   `json:"cpu"`
	Cores     int      `json:"cores"`
	MemTotal  uint64   `json:"mem_total_bytes"`
	Started   string   `json:"started"`
	Browser   string   `json:"browser"`
	// WasmBytes is solitario.wasm's size, WasmExecBytes wasm_exec.js's.
	WasmBytes     int   `json:"wasm_bytes"`
	WasmExecBytes int   `json:"wasm_exec_bytes"`
	MaxNodes      int64 `json:"max_nodes"`
	// Warmup is the seeds of each game each side solved untimed first.
	Warmup int `json:"warmup"`
	// FirstAnswerMS is the time from opening the board's page, in a new
	// browser profile, at the address of FirstAnswer's deal to its
	// verdict shown (the .wasm loaded and compiled, the worker started,
	// the position decided); FirstSteps is that load's timeline. Reopen
	// is the same page opened again in a new tab of that browser (its
	// files and compiled code cached).
	FirstAnswerMS float64      `json:"first_answer_ms"`
	FirstAnswer   string       `json:"first_answer"`
	FirstSteps    []Step       `json:"first_answer_steps,omitempty"`
	Reopen        *FirstAnswer `json:"reopen,omitempty"`
	Games         []WasmGame   `json:"games"`
}

// FirstAnswer is one opening of the board's page: the time to its first
// verdict, the verdict and the page's timeline.
type FirstAnswer struct {
	MS     float64 `json:"ms"`
	Result string  `json:"result"`
	Steps  []Step  `json:"steps"`
}

// Step is a moment of a page's load: what (a file asked or received, a
// performance mark of the page or its module) and when, in milliseconds
// from opening the page.
type Step struct {
	Name string  `json:"name"`
	MS   float64 `json:"ms"`
}

// WasmGame is one game's seeds at its default rules: wall times summed over
// the deals (each request timed where it is made: api.Engine.Call natively, the
// module's promise in the page) and their medians, and the deals whose
// verdict or nodes differ (none expected: the same search runs).
type WasmGame struct {
	Game      string  `json:"game"`
	Seeds     string  `json:"seeds"`
	Deals     int     `json:"deals"`
	Differ    int     `json:"differ"`
	Nodes     int64   `json:"nodes"`
	NativeMS  float64 `json:"native_ms"`
	WasmMS    float64 `json:"wasm_ms"`
	NativeP50 float64 `json:"native_p50_ms"`
	WasmP50   float64 `json:"wasm_p50_ms"`
	Ratio     float64 `json:"ratio"` // WasmMS / NativeMS
	NativeMax float64 `json:"native_max_ms"`
	WasmMax   float64 `json:"wasm_max_ms"`
	// CLIMS is the wall time of the solitario binary, a process per
	// request (solve --json), when measured; CLIRatio is WasmMS / CLIMS.
	CLIMS    float64 `json:"cli_ms,omitempty"`
	CLIP50   float64 `json:"cli_p50_ms,omitempty"`
	CLIRatio float64 `json:"cli_ratio,omitempty"`
}

// NewWasmRun is a run with this machine's description filled in.
func NewWasmRun() WasmRun {
	r := WasmRun{GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH, Cores: runtime.NumCPU(),
		Started: time.Now().UTC().Truncate(time.Second).Format(time.RFC3339)}
	r.CPU, r.MemTotal = cpuName(), memTotal()
	return r
}
