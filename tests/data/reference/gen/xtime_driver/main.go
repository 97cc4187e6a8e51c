// xtime_driver replays a trace through golang.org/x/time/rate (Debian's
// golang-golang-x-time-dev, GOPATH mode) and prints one decision per line.
//
// usage: xtime_driver <limit-as-float64-literal> <burst> < trace
// trace lines: t_us,key,cost (no header). Output lines: 1 or 0.
// One rate.Limiter per key, created on first sight with rate.NewLimiter;
// each request calls AllowN(time.Unix(0, t_us*1000), cost).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: xtime_driver LIMIT BURST < trace")
		os.Exit(2)
	}
	lim, err := strconv.ParseFloat(os.Args[1], 64)
	if err != nil {
		panic(err)
	}
	burst, err := strconv.Atoi(os.Args[2])
	if err != nil {
		panic(err)
	}
	limiters := map[string]*rate.Limiter{}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		f := strings.Split(line, ",")
		tus, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			panic(err)
		}
		cost, err := strconv.Atoi(f[2])
		if err != nil {
			panic(err)
		}
		l, ok := limiters[f[1]]
		if !ok {
			l = rate.NewLimiter(rate.Limit(lim), burst)
			limiters[f[1]] = l
		}
		if l.AllowN(time.Unix(0, tus*1000), cost) {
			fmt.Fprintln(out, "1")
		} else {
			fmt.Fprintln(out, "0")
		}
	}
	if err := in.Err(); err != nil {
		panic(err)
	}
}
