package cli

import (
	"testing"
)

func TestUseColor(t *testing.T) {
	env := func(v string) func(string) string { return func(string) string { return v } }
	for _, c := range []struct {
		io   IO
		want bool
	}{
		{IO{OutIsTTY: true, Getenv: env("")}, true},
		{IO{OutIsTTY: true}, true},
		{IO{OutIsTTY: true, Getenv: env("1")}, false},
		{IO{OutIsTTY: true, Getenv: env("0")}, false}, // NO_COLOR set to anything
		{IO{OutIsTTY: false, Getenv: env("")}, false},
		{IO{OutIsTTY: true, Getenv: func(k string) string { return map[string]string{"TERM": "dumb"}[k] }}, false},
		{IO{OutIsTTY: true, Getenv: func(k string) string { return map[string]string{"TERM": "xterm"}[k] }}, true},
	} {
		if got := useColor(&c.io); got != c.want {
			t.Errorf("useColor(tty %v) = %v, want %v", c.io.OutIsTTY, got, c.want)
		}
	}
}
