# pescope.bash - bash completion for pescope.
#
# Completes every option of `pescope --help`, and the values of the options
# that take a word: those words are not written here but asked of the
# program being completed (`pescope --list views` and so on), so they are
# always the ones it accepts. FILE arguments complete file names; --lesson
# and --handout complete lesson names (in the language of a --lang on the
# line) and, once the word holds a '/', file names.
#
# make install puts this file where bash-completion finds it on demand
# ($PREFIX/share/bash-completion/completions/pescope); without
# bash-completion, `source` it from ~/.bashrc.

# _pescope_ask PROG WHAT [LANG]: the words PROG --list WHAT prints.
_pescope_ask()
{
	"$1" --list "$2" ${3:+--lang "$3"} 2>/dev/null
}

# _pescope_files CUR: file names that start with CUR, shown as files.
_pescope_files()
{
	compopt -o filenames 2>/dev/null	# fails outside a completion
	mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_pescope()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= opt= prefix= lang= i
	local prog=${COMP_WORDS[0]}
	# Options that take a value, and the rest.
	local with_value='-d --d-model -b --base -n --length -p --position
		-i --dim --layout --view --set --preset --model --load --scene --lesson --step --lang
		--palette --theme --seed --dump --dump-series --scheme --scaling --scale
		--train --vector -o --output
		--dtype --keys --export --png-scale --handout --record --size --color
		--colors
		--frames --list'
	local flags='--lessons --no-config --present --drill --snapshot --ascii --bench
		--force --list-keys -h --help -V --version'
	local lists='views knobs commands presets models layouts formats dtypes series scalings schemes palettes
		themes colors depths langs config lessons'

	[[ $prog == '~/'* ]] && prog=$HOME/${prog#'~/'}
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}

	# The option whose value is being typed, if any. bash splits
	# "--view=sp" into "--view" "=" "sp" unless '=' was taken out of
	# COMP_WORDBREAKS; then the word is whole and replies keep its
	# "--view=" in front.
	if [[ $cur == = && $prev == --* ]]; then
		opt=$prev cur=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
	elif [[ " ${with_value//[[:space:]]/ } " == *" $prev "* ]]; then
		opt=$prev
	fi

	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--lang=*) lang=${COMP_WORDS[i]#--lang=} ;;
		--lang) lang=${COMP_WORDS[i + 1]}
			[[ $lang == = ]] && lang=${COMP_WORDS[i + 2]} ;;
		esac
	done

	local words=
	case $opt in
	'') mapfile -t COMPREPLY < <(compgen -W "$with_value $flags" -- "$cur")
		return 0 ;;
	--view) words=$(_pescope_ask "$prog" views) ;;
	--preset) words=$(_pescope_ask "$prog" presets) ;;
	--set)	# WORD=: the value is typed after the '='
		words=$(_pescope_ask "$prog" knobs | sed 's/$/=/')
		compopt -o nospace 2>/dev/null ;;
	--layout) words=$(_pescope_ask "$prog" layouts) ;;
	--dump) words=$(_pescope_ask "$prog" formats) ;;
	--dtype) words=$(_pescope_ask "$prog" dtypes) ;;
	--dump-series) words=$(_pescope_ask "$prog" series) ;;
	--scaling) words=$(_pescope_ask "$prog" scalings) ;;
	--scheme) words=$(_pescope_ask "$prog" schemes) ;;
	--palette) words=$(_pescope_ask "$prog" palettes) ;;
	--theme) words=$(_pescope_ask "$prog" themes) ;;
	--color) words=$(_pescope_ask "$prog" colors) ;;
	--colors) words=$(_pescope_ask "$prog" depths) ;;
	--lang) words=$(_pescope_ask "$prog" langs) ;;
	--list) words=$lists ;;
	--lesson | --handout)
		if [[ $cur != */* ]]; then
			words=$(_pescope_ask "$prog" lessons "$lang")
		else
			_pescope_files "$cur"
			return 0
		fi ;;
	-o | --output | --keys | --export | --record | --model | --load | --scene)
		_pescope_files "$cur"
		return 0 ;;
	*) COMPREPLY=()	# a number or a size: nothing to offer
		return 0 ;;
	esac
	mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$words" -- "$cur")
	return 0
}

complete -F _pescope pescope
