package testkit

import (
	"encoding/json"
	"reflect"
	"testing"
)

// SameJSON says whether JSON texts a and b hold the same value once every
// "elapsed_ms" key (a wall time, which differs run to run) is dropped: the
// CLI's, package api's and the board module's answers are compared so.
func SameJSON(tb testing.TB, a, b string) bool {
	tb.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		tb.Fatalf("%v in %.200s", err, a)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		tb.Fatalf("%v in %.200s", err, b)
	}
	dropElapsed(x)
	dropElapsed(y)
	return reflect.DeepEqual(x, y)
}

// dropElapsed removes every "elapsed_ms" key of a JSON value.
func dropElapsed(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "elapsed_ms")
		for _, e := range v {
			dropElapsed(e)
		}
	case []any:
		for _, e := range v {
			dropElapsed(e)
		}
	}
}
