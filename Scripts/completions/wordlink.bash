# bash completion for wordlink: commands, options, dictionary ids and headwords.
# Installed by `make install` into $PREFIX/share/bash-completion/completions/wordlink.
# Ids and headwords come from `wordlink complete`, over the dictionaries the line opens.

_wordlink() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local program=${COMP_WORDS[0]} command="" i
    local -a library=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --data|-d|--dictionary) library+=("${COMP_WORDS[i]}" "${COMP_WORDS[i+1]}"); ((i++)) ;;
            -*) ;;
            *) [[ -z $command ]] && command=${COMP_WORDS[i]} ;;
        esac
    done
    case $prev in
        --data|--to|--index|--dict|-o|--output)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -d|--dictionary)
            COMPREPLY=($(compgen -W "$("$program" complete dictionaries "${library[@]}" 2>/dev/null)" -- "$cur")); return ;;
        --format)
            case $command in
                history) COMPREPLY=($(compgen -W "text json csv" -- "$cur")) ;;
                define) COMPREPLY=($(compgen -W "text ansi json" -- "$cur")) ;;
                import) COMPREPLY=($(compgen -W "stardict dsl xdxf wiktionary" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
            esac
            return ;;
        --theme) COMPREPLY=($(compgen -W "auto dark light monochrome" -- "$cur")); return ;;
        --from)
            if [[ $command == export ]]; then COMPREPLY=($(compgen -W "history bookmarks" -- "$cur"))
            else compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); fi
            return ;;
        --since) return ;;
        --style) COMPREPLY=($(compgen -W "jargon foldoc gcide freedict plain" -- "$cur")); return ;;
        --width) return ;;
    esac
    local options
    case $command in
        define) options="--width --format --sources --data -d --dictionary --help" ;;
        check) options="--data -d --dictionary --help" ;;
        dictionaries) options="--format --data -d --dictionary --help" ;;
        history) options="--format --clear --help" ;;
        export) options="--from --since -o --output --data -d --dictionary --help" ;;
        config) options="--path --default --write --check --help" ;;
        import) options="--to --from --index --dict --style --id --format --installed --dry-run --help" ;;
        doctor) options="--data -d --dictionary --help" ;;
        *) options="--data -d --dictionary --theme --new --help --version" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    local -a commands=()
    [[ -z $command ]] && commands=($(compgen -W "define check dictionaries history export config import doctor" -- "$cur"))
    # Headwords may hold spaces: one a line.
    local IFS=$'\n'
    case $command in
        "")
            COMPREPLY=("${commands[@]}" $("$program" complete words "$cur" "${library[@]}" 2>/dev/null)) ;;
        define)
            COMPREPLY=($("$program" complete words "$cur" "${library[@]}" 2>/dev/null)) ;;
        export)
            [[ $COMP_CWORD -le 2 ]] && COMPREPLY=($(compgen -W "anki csv" -- "$cur")) ;;
        import)
            [[ $COMP_CWORD -le 2 ]] && COMPREPLY=($(compgen -W "wordnet dictd" -- "$cur") $(compgen -f -- "$cur")) ;;
    esac
}
complete -F _wordlink wordlink
