//go:build unix

package lint

import (
	"fmt"
	"os"
	"syscall"
)

// writable refuses a file that --fix cannot replace faithfully: one with
// more than one hard link, or one the user may not write (whatever the
// mode bits say, for someone other than root).
func writable(path string, info os.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if st.Nlink > 1 {
		return fmt.Errorf("the file has %d hard links, which replacing it would break; --fix does not write it", st.Nlink)
	}
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return fmt.Errorf("the file is not writable: %w", err)
	}
	return nil
}

// keepOwner gives the new file the old one's owner and group, or fails:
// a fix must not hand a file to whoever runs it.
func keepOwner(f *os.File, info os.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if err := f.Chown(int(st.Uid), int(st.Gid)); err != nil {
		return fmt.Errorf("cannot keep the file's owner and group (%d:%d), so --fix does not write it: %w", st.Uid, st.Gid, err)
	}
	return nil
}

// processUmask is the file mode creation mask, read once at start-up
// (reading it means setting it, which must not race with files being
// created).
var processUmask = func() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m) //nolint:gosec // A umask fits in a FileMode.
}()

// umask returns the process's file mode creation mask.
func umask() os.FileMode { return processUmask }
