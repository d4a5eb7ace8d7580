package cli

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/solitario/solitario/analysis"
	"github.com/solitario/solitario/games"
)

// checkAnalyzeArgs parses args as analyze's flags and checks the values the
// batch manifests depend on: a known game, a seed range, a shard of count
// shards (resolved with env), a JSONL file and --resume.
func checkAnalyzeArgs(t *testing.T, where string, args []string, shards int, env map[string]string) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &IO{Out: &out, Err: &errOut, Getenv: func(k string) string { return env[k] }}
	c := analyzeCmd(io, games.Lookup)
	if err := c.ParseFlags(args); err != nil {
		t.Fatalf("%s: analyze flags %v: %v", where, args, err)
	}
	f := c.Flags()
	get := func(name string) string { return f.Lookup(name).Value.String() }
	if _, err := games.Lookup(get("game")); err != nil {
		t.Errorf("%s: %v", where, err)
	}
	if _, err := analysis.ParseRange(get("seeds")); err != nil {
		t.Errorf("%s: %v", where, err)
	}
	sh, err := analysis.ParseShard(get("shard"), io.Getenv)
	if err != nil || sh.Count != shards {
		t.Errorf("%s: --shard %q gives %v, %v; want %d shards", where, get("shard"), sh, err, shards)
	}
	if get("jsonl") == "" || get("resume") != "true" || get("quiet") != "true" {
		t.Errorf("%s: want --jsonl, --resume and --quiet, got %v", where, args)
	}
	if _, err := parseBytes(get("tt-mem")); err != nil {
		t.Errorf("%s: --tt-mem: %v", where, err)
	}
}

// TestDeployManifests keeps deploy/ in step with the analyze command: the
// Kubernetes Job's args and the Slurm script's command line must parse, and
// their shard counts must match the Job's completions and the array size.
func TestDeployManifests(t *testing.T) {
	job, err := os.ReadFile("../deploy/k8s/analyze-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	completions := regexp.MustCompile(`(?m)^\s*completions:\s*(\d+)`).FindSubmatch(job)
	if completions == nil {
		t.Fatal("analyze-job.yaml: no completions")
	}
	n, _ := strconv.Atoi(string(completions[1]))
	var args []string
	inArgs := false
	for _, line := range strings.Split(string(job), "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case trim == "args:":
			inArgs = true
		case inArgs && strings.HasPrefix(trim, "- "):
			arg := strings.TrimPrefix(trim, "- ")
			if i := strings.Index(arg, "  #"); i >= 0 {
				arg = strings.TrimSpace(arg[:i])
			}
			args = append(args, arg)
		case inArgs:
			inArgs = false
		}
	}
	if len(args) < 2 || args[0] != "analyze" {
		t.Fatalf("analyze-job.yaml: args %v", args)
	}
	checkAnalyzeArgs(t, "analyze-job.yaml", args[1:], n, map[string]string{analysis.JobIndexEnv: strconv.Itoa(n - 1)})

	script, err := os.ReadFile("../deploy/slurm/analyze.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	arr := regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)`).FindSubmatch(script)
	if arr == nil {
		t.Fatal("analyze.sbatch: no --array=0-M")
	}
	last, _ := strconv.Atoi(string(arr[1]))
	// The script's variables at their defaults (name=${VAR:-default}), in
	// array task 3 of a job of 2 CPUs per task.
	vars := map[string]string{"task": "3", "SLURM_CPUS_PER_TASK": "2"}
	for _, m := range regexp.MustCompile(`(?m)^(\w+)=\$\{\w+:-(.*)\}$`).FindAllStringSubmatch(string(script), -1) {
		vars[m[1]] = m[2]
	}
	if vars["shards"] != strconv.Itoa(last+1) {
		t.Errorf("analyze.sbatch: SOLITARIO_SHARDS defaults to %q, the array has %d tasks", vars["shards"], last+1)
	}
	expand := func(s string) string {
		return os.Expand(s, func(k string) string {
			if name, def, ok := strings.Cut(k, ":-"); ok {
				if v, set := vars[name]; set {
					return v
				}
				return def
			}
			return vars[k]
		})
	}
	cmd := regexp.MustCompile(`(?s)srun [^\n]*?solitario analyze(.*?)\n\n`).FindSubmatch(append(script, '\n', '\n'))
	if cmd == nil {
		t.Fatal("analyze.sbatch: no srun solitario analyze")
	}
	line := strings.NewReplacer("\\\n", " ", "\"", "").Replace(string(cmd[1]))
	checkAnalyzeArgs(t, "analyze.sbatch", strings.Fields(expand(expand(line))), last+1, nil)
}
