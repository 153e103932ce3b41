# bash completion for judge. Installed to share/bash-completion/completions/judge by
# `cmake --install`; or source it: `. scripts/completion/judge.bash`.
_judge() {
    local cur prev words cword
    _init_completion 2>/dev/null || {
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    }
    local commands="list show submit heads validate run grade merge pack bug template preview doctor secret feedback"
    local global="--root --sandbox --cache --box-uids -v -q --help --version -V"
    local cmd="" i root=()
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --root) root=(--root "${words[i + 1]}"); ((i++)) ;;
            --sandbox | --cache | --box-uids) ((i++)) ;;
            -*) ;;
            *) cmd=${words[i]}; break ;;
        esac
    done
    case $prev in
        --root | --cache | --dir | --inputs | --outputs | --class | --out | --save-counterexamples | --judge-source | --suggest-bugs)
            COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --roster) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --from) COMPREPLY=($(compgen -f -X '!*.cpp' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --file) COMPREPLY=($(compgen -f -X '!*.cpp' -- "$cur") $(compgen -f -X '!*.py' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --lang)
            if [ "$cmd" = template ]; then COMPREPLY=($(compgen -W "numpy torch" -- "$cur"));
            else COMPREPLY=($(compgen -W "cpp numpy torch" -- "$cur")); fi
            return ;;
        --format)
            if [ "$cmd" = validate ]; then COMPREPLY=($(compgen -W "text json" -- "$cur"));
            else COMPREPLY=($(compgen -W "text json junit gradescope classroom prairielearn codegrade html markdown" -- "$cur")); fi
            return ;;
        --sandbox) COMPREPLY=($(compgen -W "bubblewrap fallback" -- "$cur")); return ;;
        --seed | --jobs | --shard | --function | --test | --bug | --seed-from-env | --box-uids | --trap | --misconception | --codegrade-fd | --deadline | --also | --from-env | --student | --limit | --whole-at) return ;;
        --export) COMPREPLY=($(compgen -W "canvas moodle" -- "$cur")); return ;;
    esac
    if [ -z "$cmd" ]; then
        COMPREPLY=($(compgen -W "$commands $global" -- "$cur"))
        return
    fi
    local opts
    case $cmd in
        submit) opts="--file --dir --lang --format --also --seed --save-counterexamples --no-counterexamples --after-due-date --html --pictures --codegrade-fd --deadline" ;;
        heads) opts="--file --test --example --html --lang" ;;
        validate) opts="--all --format --strict --mutants --changed --survivors --jobs --cross-check --seeds" ;;
        run) opts="--test --function --inputs --outputs --file --seed" ;;
        grade) opts="--class --out --roster --export --allow-empty --jobs --shard --seed --seed-from-env --after-due-date --no-counterexamples" ;;
        pack) opts="--all --out --gradescope --judge-source" ;;
        merge) opts="--out --seed-from-env --roster --export" ;;
        show) opts="--bug" ;;
        bug) opts="--from --trap --misconception --force" ;;
        template) opts="--lang --out --force" ;;
        preview) opts="--bug --format" ;;
        secret) opts="--from-env" ;;
        feedback) opts="--student --limit --whole-at" ;;
        *) opts="" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
    elif [ "$cmd" = bug ] && [ "$prev" = bug ]; then
        COMPREPLY=($(compgen -W "new" -- "$cur"))
    elif [ "$cmd" = secret ] && [ "$prev" = secret ]; then
        COMPREPLY=($(compgen -W "new key" -- "$cur"))
    elif [ "$cmd" = secret ] && [ "$prev" = key ]; then
        local problems
        problems=$("${words[0]}" "${root[@]}" -q list 2>/dev/null | awk '{print $1}')
        COMPREPLY=($(compgen -W "$problems" -- "$cur"))
    elif [[ $cmd =~ ^(show|submit|heads|validate|run|grade|pack|bug|template|preview)$ ]]; then
        # Problem names, from the course root the judge would use (a pack's too).
        local problems
        problems=$("${words[0]}" "${root[@]}" -q list 2>/dev/null | awk '{print $1}')
        COMPREPLY=($(compgen -W "$problems" -- "$cur"))
    elif [ "$cmd" = merge ] || [ "$cmd" = feedback ]; then
        COMPREPLY=($(compgen -d -- "$cur"))
    fi
}
complete -F _judge judge
