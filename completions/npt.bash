# bash completion for the npt tools: one function for every tool; flags
# when the word starts with -, file names otherwise (complete -o default).
# Install: source this file, or copy it to
# /usr/share/bash-completion/completions/ under each tool's name.
_npt() {
	local word=${COMP_WORDS[COMP_CWORD]} opts
	case ${COMP_WORDS[0]##*/} in
	npt-decode) opts="-h --help --progress --strict --version" ;;
	npt-import)
		case ${COMP_WORDS[COMP_CWORD - 1]} in
		-t)
			# shellcheck disable=SC2207
			COMPREPLY=($(compgen -W "chrome list tensorrt torq-compile torq-runtime vela" -- "$word"))
			return 0 ;;
		esac
		opts="-c -f -h -i -S -t -v --help --version" ;;
	npt-synth) opts="-b -c -F -f -h -i -j -m -o -P -s -T -x --help --version" ;;
	*) return 0 ;;
	esac
	if [[ $word == -* ]]; then
		# shellcheck disable=SC2207
		COMPREPLY=($(compgen -W "$opts" -- "$word"))
	fi
}
complete -o default -F _npt npt-decode npt-import npt-synth
