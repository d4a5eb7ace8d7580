//go:build js && wasm

// Command solitario-wasm is the engine built for the browser
// (GOOS=js GOARCH=wasm): package api behind three JavaScript functions that
// board/static/worker.js calls inside a Web Worker.
//
//	solitarioCall(id, entry, requestJSON)  starts Engine.Call(entry, request)
//	solitarioAbort(id)                     cancels call id's search
//
// and it answers through functions the worker defines:
//
//	solitarioDone(id, answerJSON, error, panicked)
//	solitarioProgress(id, nodes, elapsedMS)
//
// One api.Engine answers every call, so that a request does not build the
// games table and a transposition table afresh (in WebAssembly, fresh
// memory and its collection cost more than a small deal's search). Each
// call runs in its own goroutine; a panic in it is recovered into an
// error (panicked true: the worker starts a fresh instance). Go's WebAssembly
// runs on the worker's one thread, so a search would hold it until done:
// the progress hook, every few thousand nodes, yields at most every
// yieldEvery, which hands the thread back to the event loop for a turn; an
// abort message waiting there then cancels the call's context, and the
// search stops at its next check. It imports no CLI, report or browser
// package.
package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"syscall/js"
	"time"

	"github.com/solitario/solitario/api"
)

// yieldEvery is how often a running search gives the event loop a turn
// (an abort, the worker's other messages), at the first progress call
// after it; progressEvery is the nodes between those calls (a few
// milliseconds of search).
const (
	yieldEvery    = 50 * time.Millisecond
	progressEvery = 1 << 13
)

// panicEntry is an entry point that panics: the board's browser test
// checks with it that a panic rejects its call and the worker is started
// again.
const panicEntry = "panic"

func main() {
	engine, y := api.NewEngine(), newYielder()
	var mu sync.Mutex
	cancels := map[int]context.CancelFunc{}
	global := js.Global()
	global.Set("solitarioCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 {
			return "solitarioCall(id, entry, request): 3 arguments"
		}
		id, entry, request := args[0].Int(), args[1].String(), args[2].String()
		ctx, cancel := context.WithCancel(context.Background())
		mu.Lock()
		cancels[id] = cancel
		mu.Unlock()
		go func() {
			defer func() {
				mu.Lock()
				delete(cancels, id)
				mu.Unlock()
				cancel()
			}()
			answer, err, panicked := call(ctx, engine, y, id, entry, request)
			var a, e any = js.Null(), js.Null()
			if err != nil {
				e = err.Error()
			} else {
				a = string(answer)
			}
			global.Call("solitarioDone", id, a, e, panicked)
		}()
		return nil
	}))
	global.Set("solitarioAbort", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			mu.Lock()
			if cancel, ok := cancels[args[0].Int()]; ok {
				cancel()
			}
			mu.Unlock()
		}
		return nil
	}))
	if ready := global.Get("solitarioReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// call is engine.Call with progress posted and the thread yielded; a panic
// is an error.
func call(ctx context.Context, engine *api.Engine, y *yielder, id int, entry, request string) (answer []byte, err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			answer, panicked = nil, true
			err = fmt.Errorf("internal error: %v (a bug: please report it with the request)", p)
			println(string(debug.Stack()))
		}
	}()
	last := time.Now()
	progress := js.Global().Get("solitarioProgress")
	o := api.Options{ProgressEvery: progressEvery, Progress: func(nodes int64, elapsed time.Duration) {
		if time.Since(last) < yieldEvery {
			return
		}
		if progress.Type() == js.TypeFunction {
			progress.Invoke(id, float64(nodes), float64(elapsed.Milliseconds()))
		}
		y.yield()
		last = time.Now()
	}}
	if entry == panicEntry {
		panic("a panic asked for by the panic entry point")
	}
	answer, err = engine.Call(ctx, entry, []byte(request), o)
	return answer, err, false
}

// yielder gives the event loop a turn: a message posted to a
// MessageChannel of its own comes back as a task queued after those
// already waiting (an abort among them), and its handler wakes the
// goroutine that waits for it. A sleep would do the same through
// setTimeout, which waits a millisecond at least (four once nested) and,
// on a busy machine, for the thread to be scheduled again.
type yielder struct {
	port js.Value      // posts to the channel's other end
	back chan struct{} // a message came back: a waiting goroutine goes on
}

func newYielder() *yielder {
	ch := js.Global().Get("MessageChannel").New()
	y := &yielder{port: ch.Get("port2"), back: make(chan struct{}, 16)}
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		y.back <- struct{}{}
		return nil
	}))
	return y
}

// yield returns after the event loop's turn.
func (y *yielder) yield() {
	y.port.Call("postMessage", nil)
	<-y.back
}
