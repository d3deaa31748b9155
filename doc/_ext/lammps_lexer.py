"""A Pygments lexer for LAMMPS input scripts, registered as "LAMMPS" for the code blocks of the
pages (``.. code-block:: LAMMPS``), as LAMMPS's own manual names them."""
from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, String, Text, Whitespace


class LAMMPSLexer(RegexLexer):
    name = "LAMMPS"
    aliases = ["LAMMPS", "lammps"]
    filenames = ["in.*"]

    tokens = {
        "root": [
            (r"\s*#.*?$", Comment.Single),
            # the command: the first word of a line
            (r"^(\s*)([a-z_][\w/]*)", bygroups(Whitespace, Keyword)),
            (r"\n", Whitespace),
            (r"&\s*$", Text),
            (r"#.*?$", Comment.Single),
            (r"\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z]", Name.Variable),
            (r"\b(?:v|c|f|d|i|d2|i2)_[\w\[\]]+", Name.Variable),
            (r'"[^"]*"|\'[^\']*\'', String),
            (r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\b", Number),
            (r"[^\s$\"'#&]+", Text),
            (r"\s+", Whitespace),
        ],
    }


def setup(app):
    app.add_lexer("LAMMPS", LAMMPSLexer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
