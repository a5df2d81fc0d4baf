// Command ferretdb serves the MongoDB wire protocol on SQLite files, so the MongoDB adapters can be
// tested where no mongod is available. It embeds FerretDB v1 as a module: building FerretDB's own
// command from the module cache panics for want of its generated version.txt.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:57017", "TCP address to serve the MongoDB wire protocol on")
	dataDir := flag.String("data", ".servers/ferretdb/data", "directory holding one SQLite file per database")
	logLevel := flag.String("log-level", "error", "debug, info, warn or error")
	flag.Parse()

	if err := run(*listen, *dataDir, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run(listen, dataDir, logLevel string) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return err
	}
	absoluteDataDir, err := filepath.Abs(dataDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(absoluteDataDir, 0o755); err != nil {
		return err
	}

	server, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: listen},
		Logger:   slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
		Handler:  "sqlite",
		// FerretDB reads the SQLite URL as a directory, which must end with a slash.
		SQLiteURL: "file:" + absoluteDataDir + "/",
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	return server.Run(ctx)
}
