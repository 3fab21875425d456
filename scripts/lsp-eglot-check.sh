#!/usr/bin/env bash
# Try `seams-timers lsp` with Emacs's Eglot, headless (emacs --batch), set
# up by editors/emacs/seams-timers-eglot.el. On a copy of examples/ it
# opens broken/reminders.bpmn in nxml-mode, connects Eglot, waits for the
# Flymake diagnostics, applies the preferred code action of TMR1004, waits
# for TMR1004 to go, and asks for a hover on a refused timer. Then it opens
# a file of every other engine (a Workflow Engine scheme, a Stateflows C#
# state machine, a Cadence workflow in Go) in the mode the set-up gives it,
# and checks that its diagnostics are check's.
#
#   scripts/lsp-eglot-check.sh [SEAMS_TIMERS_BINARY]
#
# It skips (exit 0) when emacs or eglot (built in from Emacs 29; Debian's
# elpa-eglot before) is missing. Its last line reads
# "lsp-eglot-check: N passed, N failed, N skipped".
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
skip() { echo "skip $1"; echo "lsp-eglot-check: 0 passed, 0 failed, 1 skipped"; exit 0; }
command -v emacs >/dev/null || skip "emacs: not installed"
emacs --batch --eval '(require (quote eglot))' >/dev/null 2>&1 ||
  skip "eglot: not installed (Emacs 29 has it; apt-get install elpa-eglot on Debian 12)"
command -v jq >/dev/null || { echo "lsp-eglot-check: jq is needed to read the tool's JSON report" >&2; exit 2; }
# shellcheck source=scripts/lsp-fixture.sh
. "$ROOT/scripts/lsp-fixture.sh"

cat > "$WORK/test.el" <<'ELISP'
;; env: ROOT BIN MODEL OUT
;; Plain --batch (no -Q) reads the site start files, which put Debian's elpa-eglot on load-path.
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "ROOT")))
(require 'seams-timers-eglot)
(setq seams-timers-eglot-command (list (getenv "BIN") "lsp" "--debounce" "50ms"))
(defun et-out (suffix lines)
  (with-temp-file (concat (getenv "OUT") suffix) (dolist (l lines) (insert l "\n"))))
(defun et-code (d)
  (let ((lsp (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d)))))
    (and lsp (plist-get lsp :code))))
(defun et-rows ()
  (sort (mapcar (lambda (d)
                  (save-excursion
                    (goto-char (flymake-diagnostic-beg d))
                    (format "%d:%d %s" (line-number-at-pos) (1+ (- (point) (line-beginning-position))) (et-code d))))
                (flymake-diagnostics))
        #'string<))
(defun et-find (code) (seq-find (lambda (d) (equal (et-code d) code)) (flymake-diagnostics)))
(defun et-wait (pred)
  (let ((deadline (+ (float-time) 30)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))
(find-file (getenv "MODEL"))
(apply #'eglot (eglot--guess-contact))
(flymake-start)
(et-wait (lambda () (et-find "TMR1004")))
(et-out ".open" (et-rows))
(let* ((d (et-find "TMR1004"))
       (actions (and d (eglot-code-actions (flymake-diagnostic-beg d) (flymake-diagnostic-end d) "quickfix")))
       (fix (seq-find (lambda (a) (eq (plist-get a :isPreferred) t)) actions)))
  (et-out ".actions" (mapcar (lambda (a) (plist-get a :title)) actions))
  (when fix (eglot--apply-workspace-edit (plist-get fix :edit))))
;; Eglot sends the change from an idle timer, and batch Emacs is never
;; idle: send it now, as the timer would.
(eglot--signal-textDocument/didChange)
(et-wait (lambda () (and (flymake-diagnostics) (not (et-find "TMR1004")))))
(accept-process-output nil 0.5)
(et-out ".fixed" (et-rows))
(et-out ".buffer" (list (save-excursion (goto-char (point-min)) (forward-line 11)
                                        (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
                        (if (buffer-modified-p) "modified" "saved")))
(goto-char (point-min)) (forward-line 28) (search-forward "2026")
(let ((h (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams))))
  (et-out ".hover" (list (plist-get (plist-get h :contents) :value))))
(set-buffer-modified-p nil)
(eglot-shutdown (eglot--current-server-or-lose))
(dolist (f '(("SCHEME" . ".scheme") ("CS" . ".cs") ("GOFILE" . ".go")))
  (find-file (getenv (car f)))
  (condition-case err
      (progn
        (apply #'eglot (eglot--guess-contact))
        (flymake-start)
        (let ((deadline (+ (float-time) 60)))
          (while (and (not (flymake-diagnostics)) (< (float-time) deadline))
            (accept-process-output nil 0.05)))
        (accept-process-output nil 0.3)
        (et-out (cdr f) (et-rows))
        (eglot-shutdown (eglot--current-server-or-lose)))
    (error (et-out (concat (cdr f) ".err") (list (format "%s in %s" err major-mode))))))
ELISP

ROOT=$ROOT BIN=$BIN MODEL=$MODEL SCHEME=$SCHEME CS=$CS GOFILE=$GOFILE OUT=$WORK/got \
  timeout 300 emacs --batch -l "$WORK/test.el" </dev/null >"$WORK/emacs.log" 2>&1 || true

ver=$(emacs --version | head -1)
same "eglot ($ver): diagnostics on open equal check's" "$WORK/want.open" "$WORK/got.open"
if grep -q '^Put the value in double quotes (TMR1004)$' "$WORK/got.actions" 2>/dev/null; then ok "eglot: the quick fix for TMR1004 offered"; else bad "eglot: code actions" "$WORK/got.actions"; fi
same "eglot: diagnostics after the fix equal check's on the fixed text" "$WORK/want.fixed" "$WORK/got.fixed"
fixed_buffer eglot "$WORK/got.buffer"
if grep -q 'Refused' "$WORK/got.hover" 2>/dev/null && grep -q 'TMR1011' "$WORK/got.hover"; then ok "eglot: hover on a refused timer"; else bad "eglot: hover" "$WORK/got.hover"; fi
same "eglot: a Workflow Engine scheme's diagnostics equal check's" "$WORK/want.scheme" "$WORK/got.scheme"
same "eglot: a Stateflows C# file's diagnostics equal check's" "$WORK/want.cs" "$WORK/got.cs"
same "eglot: a Cadence workflow's diagnostics equal check's" "$WORK/want.go" "$WORK/got.go"
if [ "$failed" != 0 ]; then cat "$WORK"/got.*.err 2>/dev/null; sed 's/^/       emacs: /' "$WORK/emacs.log" | tail -20; fi
echo "lsp-eglot-check: $passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
