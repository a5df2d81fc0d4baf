// Command compose-validate loads Compose files the way `docker compose config` does, without a Docker
// engine and without the network: compose-go checks each file against the compose-spec JSON schema it
// embeds, then checks the model's consistency (depends_on naming a defined service, networks and
// volumes that exist, and so on). It prints one line per file and exits 1 when any file is invalid.
//
//	compose-validate docker-compose.yml docker-compose.embedded.yml
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-validate <compose file>...")
		os.Exit(2)
	}
	failed := false
	for _, file := range os.Args[1:] {
		summary, err := validate(file)
		if err != nil {
			failed = true
			fmt.Printf("INVALID %s: %v\n", file, err)
			continue
		}
		fmt.Printf("ok %s: %s\n", file, summary)
	}
	if failed {
		os.Exit(1)
	}
}

func validate(file string) (string, error) {
	absolute, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	options, err := cli.NewProjectOptions([]string{absolute},
		// Every profile, so services behind a profile are checked too.
		cli.WithProfiles([]string{"*"}),
		cli.WithWorkingDirectory(filepath.Dir(absolute)),
		// A fixed, empty environment: the result must not depend on the shell that runs the check, so
		// every ${VAR:-default} takes its default.
		cli.WithEnv(nil),
		cli.WithName("kontor-validate"),
	)
	if err != nil {
		return "", err
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return "", err
	}
	names := project.ServiceNames()
	sort.Strings(names)
	return fmt.Sprintf("%d services (%s)", len(names), strings.Join(names, ", ")), nil
}
