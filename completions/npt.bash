# bash completion for the npt tools: one function for every tool; flags
# when the word starts with -, file names otherwise (complete -o default).
# make install copies it to $(PREFIX)/share/bash-completion/completions/
# under each tool's name, where bash-completion loads it on first use; or
# source it.
_npt() {
	local word=${COMP_WORDS[COMP_CWORD]} opts i
	case ${COMP_WORDS[0]##*/} in
	npt-agg) opts="-h -k -p -q -r -S -s -t --help --merge --no-self --part --partial --strict --version" ;;
	npt-annotate)
		case ${COMP_WORDS[COMP_CWORD - 1]} in
		--source-dir)
			# shellcheck disable=SC2207
			COMPREPLY=($(compgen -d -- "$word"))
			return 0 ;;
		esac
		opts="-f -h -m --by-name --csv --func --help --id-attr --loc-first --mlir --order --skip --source-dir --torq --version" ;;
	npt-decode) opts="-h --help --progress --strict --version" ;;
	npt-diff) opts="-a -h -k -p -t --fail-above --help --strict --version" ;;
	npt-fold) opts="-T -h -k -t --help --strict --version" ;;
	npt-mem) opts="-h -l -n -t --help --strict --version" ;;
	npt-overlap) opts="-c -f -h -k -p -s -t -w --bytes --help --model --strict --torq --torq-all --version --wall-time" ;;
	npt-rate) opts="-c -f -h -m -s -t -w --fabric-pes --headroom --help --serial --strict --version" ;;
	npt-json)
		case ${COMP_WORDS[COMP_CWORD - 1]} in
		-F)
			# shellcheck disable=SC2207
			COMPREPLY=($(compgen -W "json perfetto" -- "$word"))
			return 0 ;;
		esac
		opts="-a -C -F -f -h -p -w --help --strict --version" ;;
	npt-import)
		case ${COMP_WORDS[COMP_CWORD - 1]} in
		-t)
			# shellcheck disable=SC2207
			COMPREPLY=($(compgen -W "cerebras chrome list perfetto tensorrt torq-compile torq-runtime vela" -- "$word"))
			return 0 ;;
		esac
		opts="-c -f -h -i -S -t -v --help --strict --version" ;;
	npt-svg) opts="-f -h -r -t -W --help --strict --version" ;;
	npt-synth) opts="-b -c -F -f -h -i -j -m -o -P -s -T -x --help --pipeline --serial --version" ;;
	npt-time) opts="-c -d -f -h -u -w -z --help --version" ;;
	*) return 0 ;;
	esac
	# options before or after the operands, but not after --
	for ((i = 1; i < COMP_CWORD; i++)); do
		[[ ${COMP_WORDS[i]} == -- ]] && return 0
	done
	if [[ $word == -* ]]; then
		# shellcheck disable=SC2207
		COMPREPLY=($(compgen -W "$opts" -- "$word"))
	fi
}
complete -o default -F _npt npt-agg npt-annotate npt-decode npt-diff npt-fold npt-import npt-json npt-mem npt-overlap npt-rate npt-svg npt-synth npt-time
