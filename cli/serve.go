package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/grundy-lang/grundy/web"
)

// serve is grundy serve: the page in the browser, served on this machine.
func (r *runner) serve(ctx context.Context, args []string) int {
	o, words, ok := r.parseFlags("serve", args)
	if !ok {
		return exitError
	}
	if len(words) > 0 {
		fmt.Fprintf(r.stderr, "grundy serve: unexpected %q; the options are --addr ADDR and --build\n", words[0])
		return exitError
	}
	site, err := web.Site(ctx, o.build, func(s string) { fmt.Fprintln(r.stderr, "grundy serve: "+s) })
	if err != nil {
		return r.report(err)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return r.report(err)
	}
	srv := newServer(web.Handler(site))
	fmt.Fprintf(r.stdout, "grundy: the page is at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return r.report(err)
	}
	return exitOK
}

// newServer returns the server of grundy serve, with timeouts: a class's
// browsers keep connections alive, and one that idles or trickles its request
// must not hold a connection (and its goroutine) for ever. Writing allows for
// the 7 MB WebAssembly over a slow network.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      5 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}
