"""A site whose every field holds hostile text: the OWASP XSS filter-evasion kinds (tag injection,
attribute breaking, javascript:/data:/vbscript: URLs in many cases and encodings, entity tricks, SVG
and MathML, template syntax, Unicode look-alikes and bidi controls). Used by test_hostile.py."""
import json
import pathlib

# Each payload tries to run `alert(…)`, add an element or attribute, or plant a dangerous URL.
PAYLOADS = [
    '<script>alert("t1")</script>',
    '"><img src=x onerror=alert(2)>',
    "'><svg onload=alert(3)>",
    "<svg><script>alert(4)</script></svg>",
    '<iframe src="javascript:alert(5)"></iframe>',
    '<a href="javascript:alert(6)">click</a>',
    "javascript:alert(7)",
    "JaVaScRiPt:alert(8)",
    "java\tscript:alert(9)",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(10)",
    "&lt;script&gt;alert(11)&lt;/script&gt;",
    "&#x3C;script&#x3E;alert(12)&#x3C;/script&#x3E;",
    "{{{title}}} {{#links}}<b>x</b>{{/links}} {{> head}}",
    "<body onload=alert(14)>",
    '<math><mi xlink:href="javascript:alert(15)">x</mi></math>',
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxNik8L3NjcmlwdD4=",
    "vbscript:msgbox(17)",
    "\uff1cscript\uff1ealert(18)\uff1c/script\uff1e",
    "\u202egnp.exe \u2066<b>bidi</b>\u2069",
    "</title><script>alert(20)</script>",
    "</textarea><script>alert(21)</script>",
    "<style>body{display:none}</style>",
    '" onmouseover="alert(23)" x="',
    "' onfocus='alert(24)' autofocus='",
    "`-alert(25)-` ${alert(26)}",
    '<img src="x" onerror="&#97;lert(27)">',
    "<details open ontoggle=alert(28)>",
    "</script><script>alert(29)</script>",
    "<!-- <script>alert(30)</script> -->",
    "]]><script>alert(31)</script>",
    '<object data="javascript:alert(32)"></object>',
    '<embed src="data:text/html,<script>alert(33)</script>">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(34)">',
    '<base href="javascript:alert(35)//">',
    '<form action="javascript:alert(36)"><button>go</button></form>',
    "<img src=`x`onerror=alert(37)>",
    '<a href="&#x6A;avascript:alert(38)">x</a>',
    "<scr<script>ipt>alert(39)</scr</script>ipt>",
    "\u0130<svg/onload=alert(40)>",
    "한글 <script>alert(41)</script> 맛집",
]

# Markdown notes: links and images with unsafe URLs, raw HTML (safe mode drops it), autolinks.
NOTE = """A note with [a link](javascript:alert(101)), [another](JAVASCRIPT:alert(102)),
[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMDMpPC9zY3JpcHQ+), [vb](vbscript:msgbox(104)),
![img](javascript:alert(105)) and <script>alert(106)</script> and <img src=x onerror=alert(107)>.

<iframe src="javascript:alert(108)"></iframe>

[ref]: javascript:alert(109)
See [ref] and <javascript:alert(110)> and www.example.com/"onmouseover="alert(111)

| a | b |
|---|---|
| <svg onload=alert(112)> | [x](&#106;avascript:alert(113)) |
"""


def y(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are YAML)."""
    return json.dumps(text, ensure_ascii=False)


def write_hostile_site(folder: pathlib.Path) -> None:
    (folder / "links").mkdir(parents=True)
    (folder / "linky.yml").write_text(
        "\n".join(
            [
                f"title: {y(PAYLOADS[0] + ' ' + PAYLOADS[1])}",
                f"description: {y(PAYLOADS[2] + ' ' + PAYLOADS[19])}",
                f"author: {y(PAYLOADS[22])}",
                'base_url: "https://example.com/hostile/"',
                "extra_keys: [comment]",
                "",
            ]
        ),
        encoding="utf-8",
    )
    tag_entries = []
    for index, payload in enumerate(PAYLOADS[:12]):
        tag_entries.append(f"t{index}:\n  title: {y(payload)}\n  description: {y(PAYLOADS[-1 - index])}\n")
    (folder / "tags.yml").write_text("".join(tag_entries), encoding="utf-8")

    # Categories: folder names carrying payloads (those without "/"), titles and intros from _index.md.
    categories = []
    for index, payload in enumerate(p for p in PAYLOADS if "/" not in p and "\t" not in p):
        if index >= 6:
            break
        name = f"c{index} {payload}"[:80]
        category = folder / "links" / name
        category.mkdir()
        (category / "_index.md").write_text(
            f"---\ntitle: {y(PAYLOADS[(index + 7) % len(PAYLOADS)])}\ndescription: {y(PAYLOADS[(index + 3) % len(PAYLOADS)])}\n---\n"
            + NOTE,
            encoding="utf-8",
        )
        categories.append(category)

    for index, payload in enumerate(PAYLOADS):
        category = categories[index % len(categories)]
        tags = [payload, f"t{index % 12}", PAYLOADS[(index + 1) % len(PAYLOADS)]]
        text = "\n".join(
            [
                "---",
                f'url: "https://example.com/p{index}?q=%22%3E%3Cscript%3Ealert({index})%3C/script%3E&x=\\"><svg/onload=alert(1)>"',
                f"title: {y(payload)}",
                f"tags: {json.dumps(tags, ensure_ascii=False)}",
                f"date: 2024-05-{(index % 28) + 1:02d}",
                f"description: {y(PAYLOADS[(index + 5) % len(PAYLOADS)])}",
                f'image: "https://example.com/i{index}.png?\\"onerror=\\"alert(1)"',
                f"comment: {y(payload)}",
                f"favorite: {'true' if index % 3 == 0 else 'false'}",
                "---",
                NOTE + f"\nPayload as text: {payload}\n",
            ]
        )
        (category / f"link-{index}.md").write_text(text, encoding="utf-8")

    # A list file: payloads in link text, descriptions, headings and #tags.
    items = []
    for index, payload in enumerate(PAYLOADS[:20]):
        text = payload.replace("[", "(").replace("]", ")").replace("\n", " ")
        items.append(f"- [{text}](https://example.com/l{index}) - {text} #tag{index}")
    (folder / "links" / "list.md").write_text(
        f"---\ntitle: {y(PAYLOADS[3])}\n---\n{PAYLOADS[4]}\n\n## {PAYLOADS[0]}\n"
        + "\n".join(items[:10])
        + f"\n\n### {PAYLOADS[1]}\n"
        + "\n".join(items[10:])
        + "\n",
        encoding="utf-8",
    )


# Unsafe addresses in `url`: each must stop the build (LINKY104), never become an href.
UNSAFE_URLS = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\u0000script:alert(1)",
    "\u0001javascript:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/",
    "jav&#x09;ascript:alert(1)",
    "\uff4aavascript:alert(1)",
]
