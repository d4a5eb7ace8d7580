package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/solitario/solitario/solution"
)

// entries are Call's entry points by name: each parses nothing itself.
var entries = map[string]func(e *Engine, ctx context.Context, r Request, o Options) (any, error){
	"deal":      func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.Deal(r) },
	"solve":     func(e *Engine, ctx context.Context, r Request, o Options) (any, error) { return e.Solve(ctx, r, o) },
	"hint":      func(e *Engine, ctx context.Context, r Request, o Options) (any, error) { return e.Hint(ctx, r, o) },
	"verify":    func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.Verify(r) },
	"review":    func(e *Engine, ctx context.Context, r Request, o Options) (any, error) { return e.Review(ctx, r, o) },
	"position":  func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.Position(r) },
	"games":     func(e *Engine, _ context.Context, _ Request, _ Options) (any, error) { return e.Games(), nil },
	"cards":     func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.Cards(r) },
	"checkDeal": func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.CheckDeal(r) },
	"dealFile":  func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.DealFile(r) },
	"moveText":  func(e *Engine, _ context.Context, r Request, _ Options) (any, error) { return e.MoveText(r) },
}

// Entries lists Call's entry points.
func Entries() []string {
	var out []string
	for k := range entries {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Call runs the entry point named on a JSON request (ParseRequest, or
// ParseText when o.Text; games takes an empty text too) and returns its
// answer as one line of JSON, without a line break: the object the
// matching command prints with --json. The error is one line. It answers on an Engine of its own; a
// caller with many requests keeps one and calls Engine.Call.
func Call(ctx context.Context, entry string, request []byte, o Options) ([]byte, error) {
	return NewEngine().Call(ctx, entry, request, o)
}

// Call is the package's Call on e.
func (e *Engine) Call(ctx context.Context, entry string, request []byte, o Options) ([]byte, error) {
	run, ok := entries[entry]
	if !ok {
		return nil, fmt.Errorf("unknown entry point %q (entry points: %s)", entry, strings.Join(Entries(), ", "))
	}
	var r Request
	if entry != "games" || len(bytes.TrimSpace(request)) > 0 {
		var err error
		parse := ParseRequest
		if o.Text {
			parse = ParseText
		}
		if r, err = parse(request); err != nil {
			return nil, err
		}
	}
	answer, err := run(e, ctx, r, o)
	if err != nil {
		return nil, err
	}
	return Encode(answer)
}

// Encode is v as the CLI writes its --json objects (no HTML escapes), on
// one line without the line break.
func Encode(v any) ([]byte, error) {
	// The answers the board asks most, and at its start, are written by
	// hand (encode.go): reflection is 14 times slower in WebAssembly, and
	// its code, made hot by the start's requests, is compiled again by V8
	// beside the first search.
	switch a := v.(type) {
	case solution.Solution:
		// Room for the whole, so that it is written without growing.
		return appendSolution(make([]byte, 0, 256+8*len(a.Deal)+48*len(a.Moves)), a)
	case DealAnswer:
		return appendDeal(make([]byte, 0, 128+8*len(a.Deal)), a), nil
	case []GameInfo:
		return appendGames(make([]byte, 0, 4096), a), nil
	case PositionAnswer:
		return appendPosition(make([]byte, 0, 1024), a), nil
	case HintAnswer:
		return appendHint(make([]byte, 0, 256+48*len(a.Moves)), a), nil
	}
	return appendJSON(nil, v)
}

// appendJSON appends v as encoding/json writes it without HTML escapes.
func appendJSON(dst []byte, v any) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
