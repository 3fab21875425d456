//go:build unix

package lint

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fixFile writes a file to fix and returns its path.
func fixFile(t *testing.T, dir, name string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func content(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemp fails when a temporary file is left in dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".seams-timers-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestWriteFixFollowsSymlink: a fix of a symbolic link fixes its target,
// written beside it, and the link stays a link.
func TestWriteFixFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "real")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := fixFile(t, sub, "m.bpmn", 0o644)
	link := filepath.Join(dir, "link.bpmn")
	if err := os.Symlink("real/m.bpmn", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFix(link, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a regular file: %v %v", info.Mode(), err)
	}
	if got := content(t, target); got != "new" {
		t.Errorf("target = %q, want the fix", got)
	}
	noTemp(t, dir)
	noTemp(t, sub)
}

// TestWriteFixRefusesHardLinks: a file with two names is refused; both
// names keep the old content.
func TestWriteFixRefusesHardLinks(t *testing.T) {
	dir := t.TempDir()
	p := fixFile(t, dir, "m.bpmn", 0o644)
	other := filepath.Join(dir, "other.bpmn")
	if err := os.Link(p, other); err != nil {
		t.Skipf("link: %v", err)
	}
	err := WriteFix(p, []byte("old"), []byte("new"))
	if err == nil || !strings.Contains(err.Error(), "hard links") {
		t.Fatalf("WriteFix of a hard-linked file = %v, want a refusal", err)
	}
	if content(t, p) != "old" || content(t, other) != "old" {
		t.Error("a refused fix changed the file")
	}
	noTemp(t, dir)
}

// TestWriteFixRefusesReadOnly: a file without its owner's write bit is
// refused, even for root (who could write it).
func TestWriteFixRefusesReadOnly(t *testing.T) {
	dir := t.TempDir()
	p := fixFile(t, dir, "m.bpmn", 0o444)
	if err := WriteFix(p, []byte("old"), []byte("new")); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("WriteFix of a read-only file = %v, want a refusal", err)
	}
	if content(t, p) != "old" {
		t.Error("a read-only file was rewritten")
	}
	noTemp(t, dir)
}

// TestWriteFixRefusesChangedFile: an edit saved after the file was read
// is kept; the fix is refused.
func TestWriteFixRefusesChangedFile(t *testing.T) {
	dir := t.TempDir()
	p := fixFile(t, dir, "m.bpmn", 0o644)
	if err := os.WriteFile(p, []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFix(p, []byte("old"), []byte("new")); !errors.Is(err, ErrFileChanged) {
		t.Fatalf("WriteFix of a changed file = %v, want ErrFileChanged", err)
	}
	if content(t, p) != "edited" {
		t.Error("the user's edit was lost")
	}
	noTemp(t, dir)
}

// TestWriteFixKeepsOwnerAndMode: owner, group, setgid and the permission
// bits survive a fix (as root, for a file owned by someone else).
func TestWriteFixKeepsOwnerAndMode(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	dir := t.TempDir()
	p := fixFile(t, dir, "m.bpmn", 0o640)
	if err := os.Chown(p, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o660|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if err := WriteFix(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 1234 || st.Gid != 5678 {
		t.Errorf("owner %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
	if want := 0o660 | os.ModeSetgid; info.Mode()&(os.ModePerm|os.ModeSetgid) != want {
		t.Errorf("mode %v, want %v", info.Mode(), want)
	}
	if content(t, p) != "new" {
		t.Error("the fix was not written")
	}
}

// TestWriteFixRefusesForeignOwnerWhenNotRoot: someone who cannot give the
// new file the old one's group is refused (needs a group the user is not
// in, so it runs only when not root).
func TestWriteFixRefusesForeignOwnerWhenNotRoot(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root can give any owner")
	}
	dir := t.TempDir()
	p := fixFile(t, dir, "m.bpmn", 0o644)
	info, _ := os.Stat(p)
	st := info.Sys().(*syscall.Stat_t)
	f, err := os.CreateTemp(dir, "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	foreign := *st
	foreign.Uid = st.Uid + 1
	if err := keepOwner(f, fakeInfo{info, &foreign}); err == nil {
		t.Error("keepOwner gave a file to another user without root")
	}
}

// fakeInfo is a FileInfo with another Stat_t.
type fakeInfo struct {
	os.FileInfo
	st *syscall.Stat_t
}

func (f fakeInfo) Sys() any { return f.st }

// TestWriteReportFullDisk: a report to a full device fails; a report
// whose writing fails leaves the old report, and no temporary file.
func TestWriteReportFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err == nil {
		err := WriteReport("/dev/full", func(w io.Writer) error {
			_, err := w.Write([]byte("report"))
			return err
		})
		if err == nil {
			t.Error("writing a report to /dev/full did not fail")
		}
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "out.sarif")
	if err := os.WriteFile(p, []byte("previous"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("no space left on device")
	err := WriteReport(p, func(w io.Writer) error {
		_, _ = w.Write([]byte("half a rep"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if content(t, p) != "previous" {
		t.Error("a failed report truncated the old one")
	}
	noTemp(t, dir)
	if err := WriteReport(p, func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(p); content(t, p) != "new" || info.Mode().Perm() != 0o600 {
		t.Errorf("report %q mode %v", content(t, p), info.Mode().Perm())
	}
}
