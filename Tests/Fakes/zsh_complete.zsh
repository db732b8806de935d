#!/usr/bin/env zsh
# Prints, one a line, the matches zsh's own completion system offers when LINE is typed at an interactive zsh and Tab
# is pressed, in FOLDER, with the completion functions of FOLDER first on fpath:
#
#   zsh -f zsh_complete.zsh FOLDER LINE
#
# The interactive shell runs on a pseudo-terminal (zpty). Each match that a completion function adds is written to a
# file as compadd takes it; after the Tab, the line is killed and a command prints a mark, and the mark is awaited:
# the shell reads its input in order, so once the mark is out every match has been written.
emulate -L zsh
zmodload zsh/zpty || exit 2
(($# == 2)) || { print -u2 "usage: zsh -f $0 FOLDER LINE"; exit 64 }
folder=$1 line=$2
hits=$(mktemp) || exit 2

zpty shell zsh -f -i
zpty -w shell "cd ${(q)folder}; PS1='' PS2=''; fpath=(${(q)folder} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w shell "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
# compadd with -O, -A or -D only asks which words would match; the rest add matches, which are noted.
zpty -w shell 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a added; builtin compadd -A added "$@"
  print -rl -- $added >> '${(q)hits}'
  builtin compadd "$@"
}'
# Tab completes; then Ctrl-X . prints a mark, once the shell has read that far.
zpty -w shell 'mark() { print -u2 -n -- D""ONE; }; zle -N mark; bindkey "^X." mark'
zpty -wn shell "$line"$'\t\C-x.'
zpty -r shell output '*DONE*'
zpty -d shell
cat -- $hits
# Removed here, not by a trap: the shell zpty forks would run the trap too, when it ends.
rm -f -- $hits
