" :SeamsTimers -- check the current buffer as it is, unsaved edits included,
" and fill the quickfix list. The buffer goes to seams-timers on stdin and is
" named by --stdin-filename, so the config and the index graph are found
" from the buffer's path. Parsed with the errorformat of
" compiler/seams-timers.vim. Works in Vim 8.2+/9 and Neovim, no plugin manager.

if exists('g:loaded_seams_timers')
  finish
endif
let g:loaded_seams_timers = 1

let g:seams_timers_program = get(g:, 'seams_timers_program', 'seams-timers')
let s:efm = '%f:%l:%c: %trror: %m,%f:%l:%c: %tarning: %m,%f:%l:%c: %tnfo: %m,%-G%.%#'

function! s:check() abort
  let l:cmd = join(map([g:seams_timers_program, 'check', '--color', 'never',
        \ '--show-source=false', '--quiet', '--stdin-filename', expand('%:p'), '-'],
        \ 'shellescape(v:val)'))
  let l:out = systemlist(l:cmd, getline(1, '$'))
  if v:shell_error > 1
    echoerr 'seams-timers exited ' . v:shell_error . ': ' . join(l:out, ' ')
    return
  endif
  call setqflist([], ' ', {'lines': l:out, 'efm': s:efm, 'title': 'seams-timers'})
  cwindow
endfunction

command! -bar SeamsTimers call s:check()
