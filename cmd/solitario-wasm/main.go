//go:build js && wasm

// Command solitario-wasm is the engine built for the browser
// (GOOS=js GOARCH=wasm): package api behind three JavaScript functions that
// board/static/worker.js calls inside a Web Worker.
//
//	solitarioCall(id, entry, request, text)  starts Engine.Call(entry, request)
//	                                         (text: a file's text, api.Options.Text)
//	solitarioAbort(id)                       cancels call id's search
//
// and it answers through functions the worker defines:
//
//	solitarioDone(id, answerJSON, error, panicked)
//	solitarioProgress(id, nodes, elapsedMS)
//
// One api.Engine answers every call, so that a request does not build the
// games table and a transposition table afresh (in WebAssembly, fresh
// memory and its collection cost more than a small deal's search). Each
// call runs in a goroutine of its own while it runs, one kept from an
// earlier call when one is free (server); a panic in it is recovered into
// an error (panicked true: the worker starts a fresh instance). A call that
// does not yield is answered before solitarioCall returns: Go's scheduler
// runs every goroutine ready before it hands the thread back to
// JavaScript, with no timer or event loop turn between. Go's WebAssembly
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
	global := js.Global()
	srv := &server{engine: api.NewEngine(), y: newYielder(), jobs: make(chan job), cancels: map[int]context.CancelFunc{},
		done: global.Get("solitarioDone"), progress: global.Get("solitarioProgress")}
	global.Set("solitarioCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 {
			return "solitarioCall(id, entry, request): 3 arguments"
		}
		c := job{id: args[0].Int(), entry: args[1].String(), request: args[2].String(), text: len(args) > 3 && args[3].Truthy()}
		var cancel context.CancelFunc
		c.ctx, cancel = context.WithCancel(context.Background())
		srv.mu.Lock()
		srv.cancels[c.id] = cancel
		srv.mu.Unlock()
		// A kept goroutine waiting for work takes the call, else a new
		// one (a search waiting for its yield holds its goroutine). It
		// runs as soon as this returns, before the thread goes back to
		// JavaScript: a call that does not yield is answered inside this
		// solitarioCall. A kept goroutine's stack has grown already: a
		// fresh one per call grew and copied its stack every call.
		select {
		case srv.jobs <- c:
		default:
			go srv.serve(c)
		}
		return nil
	}))
	global.Set("solitarioAbort", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			srv.mu.Lock()
			if cancel, ok := srv.cancels[args[0].Int()]; ok {
				cancel()
			}
			srv.mu.Unlock()
		}
		return nil
	}))
	if ready := global.Get("solitarioReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// server answers the calls: one api.Engine, the calls' cancels by id, and
// the worker's functions it answers through, looked up once (each look-up
// of a JavaScript object makes a Go value with a finalizer).
type server struct {
	engine         *api.Engine
	y              *yielder
	done, progress js.Value
	jobs           chan job // unbuffered: a send succeeds only to a goroutine waiting for work

	mu      sync.Mutex
	cancels map[int]context.CancelFunc
}

// job is one call.
type job struct {
	id             int
	entry, request string
	text           bool // request is a file's text (api.Options.Text)
	ctx            context.Context
}

// serve answers c, then every call sent to it, for good.
func (s *server) serve(c job) {
	for {
		s.answer(c)
		c = <-s.jobs
	}
}

// answer runs c and answers through solitarioDone.
func (s *server) answer(c job) {
	answer, err, panicked := call(c.ctx, s.engine, s.y, s.progress, c.id, c.entry, c.request, c.text)
	s.mu.Lock()
	cancel := s.cancels[c.id]
	delete(s.cancels, c.id)
	s.mu.Unlock()
	cancel()
	var a, e any = js.Null(), js.Null()
	if err != nil {
		e = err.Error()
	} else {
		a = string(answer)
	}
	s.done.Invoke(c.id, a, e, panicked)
}

// call is engine.Call with progress posted and the thread yielded; a panic
// is an error.
func call(ctx context.Context, engine *api.Engine, y *yielder, progress js.Value, id int, entry, request string, text bool) (answer []byte, err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			answer, panicked = nil, true
			err = fmt.Errorf("internal error: %v (a bug: please report it with the request)", p)
			println(string(debug.Stack()))
		}
	}()
	last := time.Now()
	o := api.Options{Text: text, ProgressEvery: progressEvery, Progress: func(nodes int64, elapsed time.Duration) {
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
