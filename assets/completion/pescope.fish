# pescope.fish - fish completion for pescope.
#
# Completes every option of `pescope --help`, and the values of the options
# that take a word: those words are not written here but asked of the
# program being completed (`pescope --list views` and so on), so they are
# always the ones it accepts. FILE arguments complete file names; --lesson
# completes lesson names (in the language of a --lang on the line) and, once
# the word holds a '/', file names.
#
# make install puts this file in $PREFIX/share/fish/vendor_completions.d,
# where fish looks by itself.

# __pescope_list WHAT: the words `pescope --list WHAT` prints.
function __pescope_list --argument-names what
    set -l line (commandline -opc)
    set -l lang
    if test "$what" = lessons
        for i in (seq 2 (count $line))
            switch $line[$i]
                case '--lang=*'
                    set lang --lang (string replace -- --lang= '' $line[$i])
                case --lang
                    set -q line[(math $i + 1)]; and set lang --lang $line[(math $i + 1)]
            end
        end
    end
    $line[1] --list $what $lang 2>/dev/null
end

# __pescope_lesson: lesson names, or files once the word holds '/'.
function __pescope_lesson
    set -l cur (commandline -ct)
    if string match -q -- '*/*' $cur
        __fish_complete_path $cur
    else
        __pescope_list lessons
    end
end

complete -c pescope -f
complete -c pescope -s d -l d-model -x -d 'model width d_model (even, 2 to 65536)'
complete -c pescope -s b -l base -x -d 'frequency base (above 1, at most 1e12)'
complete -c pescope -s n -l length -x -d 'number of positions (1 to 1e9)'
complete -c pescope -s p -l position -x -d 'selected position (0 to L-1)'
complete -c pescope -s i -l dim -x -d 'selected dimension (0 to d-1)'
complete -c pescope -l layout -x -a '(__pescope_list layouts)' -d 'where sines and cosines sit'
complete -c pescope -l view -x -a '(__pescope_list views)' -d 'start in a view'
complete -c pescope -l set -x -a '(__pescope_list knobs)=' -d 'set a knob of a view: WORD=VALUE'
complete -c pescope -l preset -x -a '(__pescope_list presets)' -d 'start from a parameter preset'
complete -c pescope -l model -r -F -d 'start from a model\'s config.json'
complete -c pescope -l load -r -F -d 'a learned position matrix: .npy, or .safetensors:TENSOR'
complete -c pescope -l scene -r -F -d 'start from a scene saved with :save'
complete -c pescope -l lesson -x -a '(__pescope_lesson)' -d 'open a guided lesson'
complete -c pescope -l handout -x -a '(__pescope_lesson)' -d 'write a lesson to -o FILE.pdf or FILE.md and exit'
complete -c pescope -l step -x -d 'start the lesson at this step'
complete -c pescope -l lessons -d 'list the lessons and exit'
complete -c pescope -l lang -x -a '(__pescope_list langs)' -d 'language of lessons, drill and help'
complete -c pescope -l palette -x -a '(__pescope_list palettes)' -d 'heat colours'
complete -c pescope -l theme -x -a '(__pescope_list themes)' -d 'colours for the terminal background: dark, light, any or auto'
complete -c pescope -l present -d 'presenter mode'
complete -c pescope -l no-config -d 'do not read the settings file'
complete -c pescope -l drill -d 'start with the interview drill'
complete -c pescope -l seed -x -d 'seed of the drill questions'
complete -c pescope -l dump -x -a '(__pescope_list formats)' -d 'write the matrix and exit'
complete -c pescope -l dump-series -x -a '(__pescope_list series)' -d 'write a CSV series and exit'
complete -c pescope -l scheme -x -a '(__pescope_list schemes)' -d 'scheme of --dump-series bias'
complete -c pescope -l scaling -x -a '(__pescope_list scalings)' -d 'stretch of --dump-series wavelengths'
complete -c pescope -l scale -x -d 'factor of --scaling'
complete -c pescope -l train -x -d 'trained length of --scaling'
complete -c pescope -l vector -x -d 'print PE(P) and exit'
complete -c pescope -s o -l output -r -F -d 'where the data goes (- for standard output)'
complete -c pescope -l dtype -x -a '(__pescope_list dtypes)' -d 'number type of --dump npy or --dump-series collisions'
complete -c pescope -l force -d 'start a --dump or --dump-series estimated at more than a minute'
complete -c pescope -l snapshot -d 'print the screen once as text and exit'
complete -c pescope -l keys -r -F -d 'replay a recorded session headless'
complete -c pescope -l export -r -F -d 'write the screen to a .svg, .png, .pdf, .txt, .ans or (with --keys) .cast file and exit'
complete -c pescope -l png-scale -x -d 'pixels per cell of a PNG export, 1 to 8 times 10x20'
complete -c pescope -l record -r -F -d 'write the explorer session as a --keys script'
complete -c pescope -l size -x -d 'screen size of the headless modes (WxH)'
complete -c pescope -l color -x -a '(__pescope_list colors)' -d 'when to use colour'
complete -c pescope -l colors -x -a '(__pescope_list depths)' -d 'colour depth, when the terminal announces it wrongly'
complete -c pescope -l ascii -d 'draw with ASCII characters only'
complete -c pescope -l bench -d 'time the drawing path'
complete -c pescope -l frames -x -d 'frames for --bench'
complete -c pescope -l list -x -a 'views knobs commands presets models layouts formats dtypes series scalings schemes palettes themes colors depths langs config lessons' -d 'print the words an option accepts and exit'
complete -c pescope -l list-keys -d 'print the key bindings as Markdown and exit'
complete -c pescope -s h -l help -d 'show the help and exit'
complete -c pescope -s V -l version -d 'show the version and exit'
