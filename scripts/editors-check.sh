#!/usr/bin/env bash
# Try the editor set-ups in editors/ for real, headless, against real
# seams-timers output, and compare what each editor parsed with the tool's
# own --format json (file, line, column, severity, rule, message).
#
#   scripts/editors-check.sh [SEAMS_TIMERS_BINARY]
#
# Without an argument it builds ./cmd/seams-timers into a temp dir.
# Parts:
#   vscode   node runs each task of editors/vscode/tasks.json (under a pty when
#            `script` exists, as VS Code's terminal does) and applies its
#            problemMatcher the way VS Code does (JS RegExp, same group rules).
#   vim      vim and nvim: `:compiler seams-timers` + `:make!`, `:cgetexpr` of
#            saved output, and `:SeamsTimers` on an unsaved, edited buffer.
#   nvim-lint  the real plugin when NVIM_LINT_DIR (or a usual install path)
#            has it: require('seams-timers').setup(), the buffer is read, then
#            edited without saving and linted again. Without the plugin, the
#            linter's Lua pattern is checked alone (as from_pattern applies it).
#   emacs    M-x compile with the compilation-error-regexp-alist entry, and
#            Flymake with the seams-timers backend on an unsaved, edited buffer.
# A part whose editor is not installed is skipped with a message.
# Exit status: 0 all parts that ran matched, 1 a mismatch, 2 a set-up failure.
# The last line reads "editors-check: N passed, N failed, N skipped".
# VERBOSE=1 prints what each editor parsed; KEEP=1 keeps the temp dir.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
WORK=$(mktemp -d)
trap 'if [ "${KEEP:-}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi' EXIT
WORK=$(cd "$WORK" && pwd -P)
mkdir -p "$WORK/bin"

if [ $# -ge 1 ]; then
  BIN=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
  [ -x "$BIN" ] || { echo "editors-check: $1 is not an executable" >&2; exit 2; }
else
  echo "== building seams-timers"
  (cd "$ROOT" && CGO_ENABLED=0 go build -o "$WORK/bin/seams-timers" ./cmd/seams-timers) ||
    { echo "editors-check: go build ./cmd/seams-timers failed" >&2; exit 2; }
  BIN=$WORK/bin/seams-timers
fi
[ "$BIN" = "$WORK/bin/seams-timers" ] || ln -s "$BIN" "$WORK/bin/seams-timers"
# The set-ups call "seams-timers" from PATH, as a user's would.
export PATH="$WORK/bin:$PATH"
unset NO_COLOR

if command -v jq >/dev/null; then
  tsv() { # JSON report on stdin -> expected TSV; $1 = full|split|line
    jq -r --arg proj "$PROJ" --arg form "$1" '.diagnostics[]
      | (if (.file | startswith("/")) then .file else $proj + "/" + .file end) as $f
      | if $form == "full" then [$f, .line, .column, .severity, "-", "\(.message) [\(.rule) \(.name)]"]
        elif $form == "split" then [$f, .line, .column, .severity, .rule, .message]
        else [$f, .line, .column, .severity, "-", "\(.file):\(.line):\(.column): \(.severity): \(.message) [\(.rule) \(.name)]"] end
      | map(tostring) | join("\t")'
  }
else
  echo "editors-check: jq is needed to read the tool's JSON report" >&2; exit 2
fi

# The fixture: a project whose config makes TMR1034 and TMR1006 info and
# TMR1011 a warning, so every severity appears in each file, and which is
# found only from the buffer's path when stdin is checked from elsewhere.
PROJ=$WORK/proj
mkdir -p "$PROJ/models"
cp "$ROOT/examples/broken/reminders.bpmn" "$ROOT/examples/broken/schedules.bpmn" "$PROJ/models/"
printf 'rules:\n  cycle-calendar-period: info\n  expression-cron: info\n  date-no-offset: warning\n' > "$PROJ/.seams-timers.yaml"
REM=$PROJ/models/reminders.bpmn

# Saved files, checked from the project directory.
(cd "$PROJ" && { seams-timers check -q --format json . || [ $? = 1 ]; }) > "$WORK/saved.json"
# The unsaved buffer: reminders.bpmn with a line inserted at 2 (so every
# finding moves down one line) and PT48H quoted on what is now line 13 (so
# TMR1004 goes away). Checked from another directory through stdin.
sed -e '1a\
<!-- an unsaved edit -->' "$REM" | sed -e '13s/PT48H/"PT48H"/' > "$WORK/edited.bpmn"
(cd "$WORK" && { seams-timers check -q --format json --stdin-filename "$REM" - < "$WORK/edited.bpmn" || [ $? = 1 ]; }) > "$WORK/edited.json"
(cd "$WORK" && { seams-timers check -q --color never --stdin-filename "$REM" - < "$WORK/edited.bpmn" || [ $? = 1 ]; }) > "$WORK/edited.txt"
# The same buffer unedited, as an editor that lints on read sends it.
# shellcheck disable=SC2094 # reads $REM, writes read.json
(cd "$WORK" && { seams-timers check -q --format json --stdin-filename "$REM" - < "$REM" || [ $? = 1 ]; }) > "$WORK/read.json"

# The column probe: a line indented with tabs and with non-ASCII text before
# TMR1004's PT48H. seams-timers prints byte columns; each editor must still
# put the cursor on PT48H.
WIDE=$WORK/wide/models/wide.bpmn
mkdir -p "$WORK/wide/models"
sed -e '12s/^ *<bpmn:timeDuration>PT48H/\t\t<!-- Prüfung für die Frist --><bpmn:timeDuration>PT48H/' "$REM" > "$WIDE"
grep -q "$(printf '^\t\t<!-- Prüfung')" "$WIDE" || { echo "editors-check: could not make the column probe" >&2; exit 2; }

# The editors' harnesses read these.
export ROOT PROJ WORK REM WIDE

# The fixture must show what the tests rely on.
fixture_ok=1
for sev in error warning info; do
  for j in saved edited; do
    jq -e --arg s "$sev" '[.diagnostics[] | select(.severity == $s)] | length > 0' "$WORK/$j.json" >/dev/null || fixture_ok=0
  done
done
jq -e '[.diagnostics[] | select(.rule == "TMR1011" and .severity == "warning")] | length == 1' "$WORK/edited.json" >/dev/null || fixture_ok=0
jq -e '[.diagnostics[] | select(.rule == "TMR1004")] | length == 0' "$WORK/edited.json" >/dev/null || fixture_ok=0
[ "$fixture_ok" = 1 ] || { echo "editors-check: the fixture does not show all severities, the config or the edit" >&2; exit 2; }

tsv full  < "$WORK/saved.json"  > "$WORK/want.saved.full"
tsv split < "$WORK/saved.json"  > "$WORK/want.saved.split"
tsv line  < "$WORK/saved.json"  > "$WORK/want.saved.line"
tsv full  < "$WORK/edited.json" > "$WORK/want.edited.full"
tsv split < "$WORK/edited.json" > "$WORK/want.edited.split"
tsv split < "$WORK/read.json"   > "$WORK/want.read.split"
grep -F "$REM	" "$WORK/want.saved.full"  > "$WORK/want.rem.full"  || true
grep -F "$REM	" "$WORK/want.saved.split" > "$WORK/want.rem.split" || true

failed=0 ran=0 skipped=""
# compare NAME WANT GOT: same rows in the same order.
compare() {
  ran=$((ran + 1))
  : > "$WORK/diff"
  if [ -s "$3" ] && diff -u "$2" "$3" > "$WORK/diff"; then
    echo "ok   $1: $(wc -l < "$3") findings, file/line/col/severity/code/message as in --format json"
    if [ "${VERBOSE:-}" = 1 ]; then sed 's/^/       /' "$3"; fi
  else
    echo "FAIL $1"; sed 's/^/       /' "$WORK/diff"; [ -s "$3" ] || echo "       (nothing parsed)"
    failed=$((failed + 1))
  fi
}
skip() { echo "skip $1"; skipped="${skipped:+$skipped; }$1"; }
# probe NAME FILE [note]: the editor put the cursor on PT48H (FILE holds the
# five characters it landed on). With "note", a miss is reported, not failed.
probe() {
  local got; got=$(cat "$2" 2>/dev/null || true)
  if [ "$got" = PT48H ]; then
    ran=$((ran + 1)); echo "ok   $1: tab- and non-ASCII line, lands on PT48H"
  elif [ "${3:-}" = note ]; then
    echo "note $1: tab- and non-ASCII line, lands on '$got' instead of PT48H (byte columns; see docs/editors.md)"
  else
    ran=$((ran + 1)); failed=$((failed + 1)); echo "FAIL $1: tab- and non-ASCII line, lands on '$got' instead of PT48H"
  fi
}

# ---------------------------------------------------------------- VS Code
cat > "$WORK/vscode.js" <<'EOF'
// Runs each task of tasks.json and applies its problemMatcher as VS Code's
// problemMatcher.ts does: new RegExp(regexp) (JS semantics), trimmed
// file/message/code/severity groups, parseInt line/column, Severity.fromValue,
// and "relative" file locations joined to the prefix and normalized.
const fs = require('fs'), path = require('path'), cp = require('child_process');
const [tasksFile, proj, relFile, outPrefix, usePty] = process.argv.slice(2);
const vars = { '${workspaceFolder}': proj, '${relativeFile}': relFile, '${file}': path.join(proj, relFile) };
const subst = s => s.replace(/\$\{\w+\}/g, v => (v in vars ? vars[v] : v));
const sev = v => {
  const l = (v || '').toLowerCase();
  if (l === 'error') return 'error';
  if (l === 'warning' || l === 'warn') return 'warning';
  if (l === 'info') return 'info';
  return null;
};
const tasks = JSON.parse(fs.readFileSync(tasksFile, 'utf8')).tasks;
tasks.forEach((t, i) => {
  const m = t.problemMatcher, p = m.pattern;
  if (!m.owner || !Array.isArray(m.fileLocation) || m.fileLocation[0] !== 'relative') throw new Error(`task ${i}: owner/fileLocation`);
  const re = new RegExp(p.regexp);
  const args = t.args.map(subst), cwd = subst(t.options.cwd);
  let out;
  if (usePty === '1') { // VS Code runs tasks in a terminal: stdout is a tty
    const q = s => "'" + s.replace(/'/g, "'\\''") + "'";
    out = cp.spawnSync('script', ['-qec', [t.command, ...args].map(q).join(' '), '/dev/null'], { cwd, encoding: 'utf8' }).stdout;
  } else {
    const r = cp.spawnSync(t.command, args, { cwd, encoding: 'utf8' });
    out = r.stdout + r.stderr;
  }
  const rows = [];
  for (const line of out.split(/\r?\n/)) {
    const g = re.exec(line);
    if (!g) continue;
    const get = k => (p[k] !== undefined && g[p[k]] !== undefined ? g[p[k]].trim() : undefined);
    const file = get('file'), message = get('message');
    if (!file || !get('line') || !message) continue;
    const resource = path.normalize(path.join(subst(m.fileLocation[1]), file));
    rows.push([resource, parseInt(get('line')), parseInt(get('column')), sev(get('severity')) || 'error', get('code'), message].join('\t'));
  }
  fs.writeFileSync(`${outPrefix}.${i}`, rows.length ? rows.join('\n') + '\n' : '');
  // Where VS Code puts the cursor: columns count UTF-16 code units, as JS strings do.
  const first = rows.find(r => r.split('\t')[4] === 'TMR1004');
  if (first) {
    const [f, l, c] = first.split('\t');
    const text = fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n')[l - 1] : '';
    fs.writeFileSync(`${outPrefix}.${i}.landed`, text.substr(c - 1, 5));
  }
  fs.writeFileSync(`${outPrefix}.${i}.label`, t.label);
});
EOF
if command -v node >/dev/null; then
  pty=0; command -v script >/dev/null && pty=1
  node "$WORK/vscode.js" "$ROOT/editors/vscode/tasks.json" "$PROJ" models/reminders.bpmn "$WORK/got.vscode" "$pty"
  how="node $(node --version) RegExp$([ $pty = 1 ] && echo ', under a pty')"
  compare "vscode: task '$(cat "$WORK/got.vscode.0.label")' ($how)" "$WORK/want.saved.split" "$WORK/got.vscode.0"
  compare "vscode: task '$(cat "$WORK/got.vscode.1.label")' ($how)" "$WORK/want.rem.split" "$WORK/got.vscode.1"
  node "$WORK/vscode.js" "$ROOT/editors/vscode/tasks.json" "$WORK/wide" models/wide.bpmn "$WORK/got.vscodewide" 0
  probe "vscode" "$WORK/got.vscodewide.1.landed" note
else
  skip "vscode: node is not installed"
fi

# ---------------------------------------------------------------- Vim / Neovim
cat > "$WORK/qf.vim" <<'EOF'
" $ROOT, $PROJ, $WORK, $REM, $OUT from the environment.
set nocompatible nomore
let &runtimepath = $ROOT . '/editors/vim,' . &runtimepath
runtime plugin/seams-timers.vim
let s:types = {'e': 'error', 'w': 'warning', 'i': 'info'}
function! s:dump(name) abort
  let l:qf = getqflist()
  call writefile([json_encode(l:qf)], $OUT . '.' . a:name . '.json')
  let l:rows = []
  for l:e in l:qf
    if !l:e.valid | continue | endif
    call add(l:rows, join([fnamemodify(bufname(l:e.bufnr), ':p'), l:e.lnum, l:e.col,
          \ get(s:types, tolower(l:e.type), 'type=' . l:e.type . (l:e.vcol ? ' vcol' : '')), '-', l:e.text], "\t"))
  endfor
  call writefile(l:rows, $OUT . '.' . a:name)
endfunction
" 1. :compiler + :make! from the project directory (files as saved).
execute 'cd' fnameescape($PROJ)
compiler seams-timers
silent make! .
call s:dump('make')
" 2. :cgetexpr of the output the tool printed for the edited buffer.
" :cexpr/:cgetexpr read the global 'errorformat', hence :compiler! here.
compiler! seams-timers
cgetexpr readfile($WORK . '/edited.txt')
call s:dump('cgetexpr')
" 3. :SeamsTimers on the buffer, edited and not saved, from another directory.
execute 'cd' fnameescape($WORK)
execute 'edit' fnameescape($REM)
call append(1, '<!-- an unsaved edit -->')
13s/PT48H/"PT48H"/
SeamsTimers
call writefile([getbufvar(bufnr($REM), '&modified') ? 'modified' : 'saved'], $OUT . '.state')
call s:dump('buffer')
" 4. The column probe: :make! then :cfirst puts the cursor on the finding.
" (The edited buffer stays unsaved: 'hidden' lets :cfirst leave it.)
set hidden
cclose
execute 'cd' fnameescape($WORK . '/wide')
compiler seams-timers
silent make! models/wide.bpmn
cfirst
call writefile([strpart(getline('.'), col('.') - 1, 5)], $OUT . '.landed')
qall!
EOF
for ed in vim nvim; do
  if ! command -v "$ed" >/dev/null; then skip "$ed: not installed"; continue; fi
  ver=$("$ed" --version | head -1)
  rm -f "$WORK/got.$ed".*
  if [ "$ed" = vim ]; then
    OUT=$WORK/got.vim \
      timeout 60 vim -Nu NONE -i NONE -es -S "$WORK/qf.vim" </dev/null >/dev/null 2>&1 || true
  else
    OUT=$WORK/got.nvim \
      timeout 60 nvim --headless -u NONE -i NONE -S "$WORK/qf.vim" </dev/null >/dev/null 2>&1 || true
  fi
  compare "$ed: :compiler seams-timers, :make! . ($ver)" "$WORK/want.saved.full" "$WORK/got.$ed.make"
  compare "$ed: :cgetexpr of the stdin output" "$WORK/want.edited.full" "$WORK/got.$ed.cgetexpr"
  compare "$ed: :SeamsTimers on an unsaved buffer" "$WORK/want.edited.full" "$WORK/got.$ed.buffer"
  if [ "${VERBOSE:-}" = 1 ] && [ -s "$WORK/got.$ed.buffer.json" ]; then
    echo "       getqflist() after :SeamsTimers, as JSON:"
    jq -c '.[] | {bufnr, lnum, col, vcol, type, valid, text}' "$WORK/got.$ed.buffer.json" | sed 's/^/       /'
  fi
  probe "$ed: :make! + :cfirst" "$WORK/got.$ed.landed"
  if [ "$(cat "$WORK/got.$ed.state" 2>/dev/null)" != modified ]; then
    echo "FAIL $ed: the buffer was saved or not edited"; failed=$((failed + 1))
  fi
done

# ---------------------------------------------------------------- nvim-lint
cat > "$WORK/nvimlint.lua" <<'EOF'
-- env: ROOT, REM, OUT, and NVIM_LINT_DIR when the plugin is there.
local root, rem, out = os.getenv('ROOT'), os.getenv('REM'), os.getenv('OUT')
package.path = root .. '/editors/nvim/?.lua;' .. package.path
local names = { [1] = 'error', [2] = 'warning', [3] = 'info', [4] = 'hint' }
local function rows(diags, file)
  table.sort(diags, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  local r = {}
  for _, d in ipairs(diags) do
    table.insert(r, table.concat({ file, d.lnum + 1, d.col + 1, names[d.severity] or '?', d.code or '-', d.message }, '\t'))
  end
  return r
end
local st = require('seams-timers')
local plugin = os.getenv('NVIM_LINT_DIR')
if plugin and plugin ~= '' then
  vim.opt.runtimepath:prepend(plugin)
  local lint = require('lint')
  st.setup()
  vim.cmd('cd ' .. vim.fn.fnameescape(os.getenv('WORK')))
  vim.cmd('edit ' .. vim.fn.fnameescape(rem)) -- BufReadPost lints the file as read
  local buf = vim.api.nvim_get_current_buf()
  local function settled(pred)
    return vim.wait(15000, function() return #lint.get_running() == 0 and pred() end, 50)
  end
  settled(function() return #vim.diagnostic.get(buf) > 0 end)
  local name = vim.api.nvim_buf_get_name(buf)
  local first = rows(vim.diagnostic.get(buf), name)
  vim.fn.writefile(first, out .. '.read')
  vim.api.nvim_buf_set_lines(buf, 1, 1, false, { '<!-- an unsaved edit -->' })
  vim.cmd('13s/PT48H/"PT48H"/')
  lint.try_lint('seams_timers')
  -- The edit moves every finding, so the new result differs from the first.
  settled(function()
    return table.concat(rows(vim.diagnostic.get(buf), name), '\n') ~= table.concat(first, '\n')
  end)
  vim.fn.writefile(rows(vim.diagnostic.get(buf), name), out .. '.edited')
  vim.fn.writefile({ vim.bo[buf].modified and 'modified' or 'saved' }, out .. '.state')
  -- The column probe: the diagnostic's col is a byte index into the line.
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('WIDE')))
  local wbuf = vim.api.nvim_get_current_buf()
  settled(function() return #vim.diagnostic.get(wbuf) > 0 end)
  for _, d in ipairs(vim.diagnostic.get(wbuf)) do
    if d.code == 'TMR1004' then
      local text = vim.api.nvim_buf_get_lines(wbuf, d.lnum, d.lnum + 1, false)[1]
      vim.fn.writefile({ text:sub(d.col + 1, d.col + 5) }, out .. '.landed')
    end
  end
else
  -- No plugin: apply st.pattern/st.groups as lint.parser.from_pattern does
  -- (string.match, file must be the buffer, col - 1, severity map).
  local sev = { error = 1, warning = 2, info = 3 }
  local diags = {}
  for _, line in ipairs(vim.fn.readfile(os.getenv('WORK') .. '/edited.txt')) do
    local m = { line:match(st.pattern) }
    if #m > 0 then
      local c = {}
      for i, g in ipairs(st.groups) do c[g] = m[i] end
      if c.file == rem then
        table.insert(diags, { lnum = tonumber(c.lnum) - 1, col = tonumber(c.col) - 1,
          severity = sev[c.severity] or 1, code = c.code, message = c.message })
      end
    end
  end
  vim.fn.writefile(rows(diags, rem), out .. '.pattern')
end
vim.cmd('qall!')
EOF
if command -v nvim >/dev/null; then
  lintdir=${NVIM_LINT_DIR:-}
  if [ -z "$lintdir" ]; then
    for d in "$HOME"/.local/share/nvim/lazy/nvim-lint "$HOME"/.local/share/nvim/site/pack/*/start/nvim-lint "$HOME"/.local/share/nvim/site/pack/*/opt/nvim-lint; do
      [ -f "$d/lua/lint.lua" ] && { lintdir=$d; break; }
    done
  fi
  rm -f "$WORK/got.nvimlint".*
  if [ -n "$lintdir" ] && [ -f "$lintdir/lua/lint.lua" ]; then
    rev=$(git -C "$lintdir" rev-parse --short HEAD 2>/dev/null || basename "$lintdir")
    OUT=$WORK/got.nvimlint NVIM_LINT_DIR=$lintdir \
      timeout 90 nvim --headless -u NONE -i NONE -c "luafile $WORK/nvimlint.lua" </dev/null >"$WORK/nvimlint.log" 2>&1 || true
    compare "nvim-lint ($rev): linted on read" "$WORK/want.read.split" "$WORK/got.nvimlint.read"
    compare "nvim-lint ($rev): the unsaved, edited buffer through stdin" "$WORK/want.edited.split" "$WORK/got.nvimlint.edited"
    probe "nvim-lint ($rev)" "$WORK/got.nvimlint.landed"
    if [ "$(cat "$WORK/got.nvimlint.state" 2>/dev/null)" != modified ]; then
      echo "FAIL nvim-lint: the buffer was saved or not edited"; sed 's/^/       /' "$WORK/nvimlint.log"; failed=$((failed + 1))
    fi
  else
    OUT=$WORK/got.nvimlint \
      timeout 60 nvim --headless -u NONE -i NONE -c "luafile $WORK/nvimlint.lua" </dev/null >"$WORK/nvimlint.log" 2>&1 || true
    echo "note nvim-lint is not installed (set NVIM_LINT_DIR): checking the linter's pattern alone"
    compare "nvim-lint pattern (no plugin) on the stdin output" "$WORK/want.edited.split" "$WORK/got.nvimlint.pattern"
    skipped="${skipped:+$skipped; }nvim-lint plugin (pattern checked alone)"
  fi
else
  skip "nvim-lint: nvim is not installed"
fi

# ---------------------------------------------------------------- Emacs
cat > "$WORK/emacs-test.el" <<'EOF'
;; env: ROOT PROJ WORK REM WIDE OUT
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "ROOT")))
(require 'seams-timers)
(add-to-list 'auto-mode-alist '("\\.bpmn\\'" . nxml-mode))
(add-hook 'nxml-mode-hook #'seams-timers-setup)
(defun et-write (file rows)
  (with-temp-file file (dolist (r rows) (insert (mapconcat #'identity r "\t") "\n"))))
(defun et-bytecol ()
  (number-to-string (1+ (- (position-bytes (point)) (position-bytes (line-beginning-position))))))
(defun et-type (n) (pcase n (2 "error") (1 "warning") (0 "info") (_ (format "type=%s" n))))

;; 1. M-x compile from the project directory, then next-error over every message.
;; next-error skips info messages unless compilation-skip-threshold is 0.
(setq compilation-skip-threshold 0)
(let* ((default-directory (file-name-as-directory (getenv "PROJ")))
       (buf (compile "seams-timers check --color never ."))
       (proc (get-buffer-process buf))
       rows)
  (while (process-live-p proc) (accept-process-output proc 0.1))
  (accept-process-output nil 0.2)
  (with-current-buffer buf (goto-char (point-min)))
  (setq next-error-last-buffer buf)
  (condition-case nil
      (while t
        (next-error)
        (with-current-buffer buf
          (let* ((msg (get-text-property (point) 'compilation-message))
                 (mk (compilation--loc->marker (compilation--message->loc msg)))
                 (text (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
            (with-current-buffer (marker-buffer mk)
              (save-excursion
                (goto-char mk)
                (push (list (buffer-file-name) (number-to-string (line-number-at-pos))
                            (et-bytecol)
                            (et-type (compilation--message->type msg)) "-" text)
                      rows))))))
    (error nil))
  (et-write (concat (getenv "OUT") ".compile") (nreverse rows)))

;; 2. Flymake on the buffer, edited and not saved, from another directory.
;; next-error visited the files: start again from a fresh buffer.
(dolist (b (buffer-list)) (when (buffer-file-name b) (kill-buffer b)))
(let ((default-directory (file-name-as-directory (getenv "WORK"))))
  (find-file (getenv "REM")))
(goto-char (point-min)) (forward-line 1) (insert "<!-- an unsaved edit -->\n")
(goto-char (point-min)) (forward-line 12)
(when (search-forward "PT48H" (line-end-position) t) (replace-match "\"PT48H\""))
(flymake-mode 1)
(flymake-start nil t)
(let ((deadline (+ (float-time) 15)))
  (while (and (< (float-time) deadline)
              (not (memq #'seams-timers-flymake (flymake-reporting-backends))))
    (accept-process-output nil 0.1)))
(let (rows)
  (dolist (d (flymake-diagnostics))
    (when (eq (flymake-diagnostic-backend d) #'seams-timers-flymake)
      (save-excursion
        (goto-char (flymake-diagnostic-beg d))
        (push (list (buffer-file-name) (number-to-string (line-number-at-pos))
                    (et-bytecol)
                    (pcase (flymake-diagnostic-type d) (:error "error") (:warning "warning") (:note "info") (x (format "%s" x)))
                    "-" (flymake-diagnostic-text d))
              rows))))
  (setq rows (sort rows (lambda (a b) (or (< (string-to-number (nth 1 a)) (string-to-number (nth 1 b)))
                                          (and (= (string-to-number (nth 1 a)) (string-to-number (nth 1 b)))
                                               (< (string-to-number (nth 2 a)) (string-to-number (nth 2 b))))))))
  (et-write (concat (getenv "OUT") ".flymake") rows))
(let ((state (if (buffer-modified-p) "modified" "saved")))
  (with-temp-file (concat (getenv "OUT") ".state") (insert state)))

;; 3. The column probe, in Flymake and with M-x compile + next-error.
;; Drop the edited buffer unsaved, or M-x compile would offer to save it.
(dolist (b (buffer-list))
  (when (buffer-file-name b)
    (with-current-buffer b (set-buffer-modified-p nil))
    (kill-buffer b)))
(defun et-landed (suffix pos)
  (let ((text (buffer-substring-no-properties pos (min (point-max) (+ pos 5)))))
    (with-temp-file (concat (getenv "OUT") suffix) (insert text))))
(find-file (getenv "WIDE"))
(flymake-mode 1)
(flymake-start nil t)
(let ((deadline (+ (float-time) 15)))
  (while (and (< (float-time) deadline)
              (not (memq #'seams-timers-flymake (flymake-reporting-backends))))
    (accept-process-output nil 0.1)))
(dolist (d (flymake-diagnostics))
  (when (string-match-p "TMR1004" (flymake-diagnostic-text d))
    (et-landed ".flymake.landed" (flymake-diagnostic-beg d))))
(let* ((default-directory (file-name-directory (directory-file-name (file-name-directory (getenv "WIDE")))))
       (buf (compile "seams-timers check --color never models/wide.bpmn"))
       (proc (get-buffer-process buf)))
  (while (process-live-p proc) (accept-process-output proc 0.1))
  (accept-process-output nil 0.2)
  (with-current-buffer buf (goto-char (point-min)))
  (setq next-error-last-buffer buf)
  (next-error)
  (with-current-buffer buf
    (let ((mk (compilation--loc->marker
               (compilation--message->loc (get-text-property (point) 'compilation-message)))))
      (with-current-buffer (marker-buffer mk) (et-landed ".compile.landed" mk)))))
EOF
if command -v emacs >/dev/null; then
  ver=$(emacs --version | head -1)
  rm -f "$WORK/got.emacs".*
  OUT=$WORK/got.emacs \
    timeout 90 emacs --batch -Q -l "$WORK/emacs-test.el" </dev/null >"$WORK/emacs.log" 2>&1 || true
  compare "emacs: M-x compile + next-error ($ver)" "$WORK/want.saved.line" "$WORK/got.emacs.compile"
  compare "emacs: flymake backend on an unsaved buffer" "$WORK/want.edited.full" "$WORK/got.emacs.flymake"
  probe "emacs: flymake" "$WORK/got.emacs.flymake.landed"
  probe "emacs: M-x compile + next-error" "$WORK/got.emacs.compile.landed" note
  if [ "$(cat "$WORK/got.emacs.state" 2>/dev/null)" != modified ]; then
    echo "FAIL emacs: the buffer was saved or not edited"; sed 's/^/       /' "$WORK/emacs.log"; failed=$((failed + 1))
  fi
else
  skip "emacs: not installed"
fi

[ -z "$skipped" ] || echo "skipped: $skipped"
nskip=0; [ -z "$skipped" ] || nskip=$(($(printf '%s' "$skipped" | tr -cd ';' | wc -c) + 1))
echo "editors-check: $((ran - failed)) passed, $failed failed, $nskip skipped"
[ "$failed" = 0 ]
