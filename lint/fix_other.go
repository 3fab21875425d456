//go:build !unix

package lint

import "os"

// writable has no hard links or access check to look at here.
func writable(string, os.FileInfo) error { return nil }

// keepOwner has no owner to keep here.
func keepOwner(*os.File, os.FileInfo) error { return nil }

// umask is the usual mask where the system has none.
func umask() os.FileMode { return 0o022 }
