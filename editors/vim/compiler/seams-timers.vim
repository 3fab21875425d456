" Vim/Neovim compiler file for seams-timers (no plugin needed).
" Put this directory on 'runtimepath' (or copy the file to
" ~/.vim/compiler/ or ~/.config/nvim/compiler/), then:
"   :compiler seams-timers
"   :make %            " the current file, as saved
"   :make              " every model under the working directory
" The lines read are  path:line:col: severity: message [ID name]
" (severity error, warning or info); the summary on stderr is dropped.
" Columns are byte columns, as Vim counts them.

if exists('current_compiler')
  finish
endif
let current_compiler = 'seams-timers'

if exists(':CompilerSet') != 2
  command -nargs=* CompilerSet setlocal <args>
endif

CompilerSet makeprg=seams-timers\ check\ --color\ never\ --show-source=false
CompilerSet errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%f:%l:%c:\ %tnfo:\ %m,%-G%.%#
