# fish completion for wordlink: commands, options, dictionary ids and headwords.
# Installed by `make install` into $PREFIX/share/fish/vendor_completions.d/wordlink.fish.

set -l commands define check dictionaries history export config import doctor
complete -c wordlink -f
complete -c wordlink -n "not __fish_seen_subcommand_from $commands" -a "$commands"
complete -c wordlink -n "not __fish_seen_subcommand_from $commands; or __fish_seen_subcommand_from define" \
    -a "(wordlink complete words (commandline -ct) 2>/dev/null)"
complete -c wordlink -l data -r -F -d "a data folder"
complete -c wordlink -s d -l dictionary -x -a "(wordlink complete dictionaries 2>/dev/null)" -d "only this dictionary"
complete -c wordlink -n "not __fish_seen_subcommand_from $commands" -l theme -x -a "auto dark light monochrome"
complete -c wordlink -n "not __fish_seen_subcommand_from $commands" -l new -d "the start page, not the last session"
complete -c wordlink -n "__fish_seen_subcommand_from define" -l width -x
complete -c wordlink -n "__fish_seen_subcommand_from define" -l format -x -a "text ansi json"
complete -c wordlink -n "__fish_seen_subcommand_from define" -l sources -d "show where entries come from"
complete -c wordlink -n "__fish_seen_subcommand_from history" -l format -x -a "text json csv"
complete -c wordlink -n "__fish_seen_subcommand_from history" -l clear -d "forget every lookup"
complete -c wordlink -n "__fish_seen_subcommand_from dictionaries" -l format -x -a "text json"
complete -c wordlink -n "__fish_seen_subcommand_from export; and not __fish_seen_subcommand_from anki csv" -a "anki csv"
complete -c wordlink -n "__fish_seen_subcommand_from export" -l from -x -a "history bookmarks"
complete -c wordlink -n "__fish_seen_subcommand_from export" -l since -x -d "from this day (YYYY-MM-DD)"
complete -c wordlink -n "__fish_seen_subcommand_from export" -s o -l output -r -F -d "the file to write"
complete -c wordlink -n "__fish_seen_subcommand_from import" -F -a "wordnet dictd"
complete -c wordlink -n "__fish_seen_subcommand_from import" -l id -x -d "the dictionary's id"
complete -c wordlink -n "__fish_seen_subcommand_from import" -l format -x -a "stardict dsl xdxf wiktionary"
complete -c wordlink -n "__fish_seen_subcommand_from import" -l installed -d "every installed dictionary"
complete -c wordlink -n "__fish_seen_subcommand_from import" -l dry-run -d "only say what would be done"
complete -c wordlink -n "__fish_seen_subcommand_from config" -a "--path --default --write --check"
complete -c wordlink -l help -s h
