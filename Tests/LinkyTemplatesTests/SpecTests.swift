import LinkyTemplates
import Testing

/// The Mustache specification's rules (github.com/mustache/spec, v1.4) for each part of Mustache our
/// renderer supports, written as our own cases. Each is checked against the spec's expected output
/// and against swift-mustache.
@Suite("Mustache spec")
struct SpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let template: String
        let data: TemplateValue
        var partials: [String: String] = [:]
        let expected: String
        var testDescription: String { name }
    }

    @Test(arguments: SpecCases.interpolation) func interpolation(_ spec: Case) throws { try check(spec) }
    @Test(arguments: SpecCases.sections) func sections(_ spec: Case) throws { try check(spec) }
    @Test(arguments: SpecCases.inverted) func inverted(_ spec: Case) throws { try check(spec) }
    @Test(arguments: SpecCases.comments) func comments(_ spec: Case) throws { try check(spec) }
    @Test(arguments: SpecCases.delimiters) func delimiters(_ spec: Case) throws { try check(spec) }
    @Test(arguments: SpecCases.partials) func partials(_ spec: Case) throws { try check(spec) }

    func check(_ spec: Case) throws {
        var templates = spec.partials
        templates["main"] = spec.template
        var library = TemplateLibrary()
        for (name, text) in templates { library.register(try Template(parsing: text), named: name) }
        let ours = String(decoding: try library.render("main", spec.data), as: UTF8.self)
        #expect(ours == spec.expected)
        let reference = try ReferenceEngine(templates: templates, themeMode: false).render("main", spec.data)
        #expect(ours == reference, "swift-mustache renders \(reference.debugDescription)")
    }
}

enum SpecCases {
    static let interpolation: [SpecTests.Case] = [
        .init(
            name: "no interpolation", template: "Hello from {Mustache}!\n", data: [:],
            expected: "Hello from {Mustache}!\n"),
        .init(
            name: "basic", template: "Hello, {{subject}}!\n", data: ["subject": "world"], expected: "Hello, world!\n"),
        .init(
            name: "HTML escaping", template: "These: {{forbidden}}\n", data: ["forbidden": "& \" < > '"],
            expected: "These: &amp; &quot; &lt; &gt; &#39;\n"),
        .init(
            name: "triple mustache", template: "{{{forbidden}}}", data: ["forbidden": "& \" < >"],
            expected: "& \" < >"),
        .init(name: "ampersand", template: "{{&forbidden}}", data: ["forbidden": "& \" < >"], expected: "& \" < >"),
        .init(
            name: "integer", template: "\"{{mph}} miles an hour!\"", data: ["mph": 85],
            expected: "\"85 miles an hour!\""),
        .init(
            name: "decimal", template: "\"{{power}} jiggawatts!\"", data: ["power": 1.21],
            expected: "\"1.21 jiggawatts!\""),
        .init(name: "missing", template: "I ({{cannot}}) be seen!", data: [:], expected: "I () be seen!"),
        .init(
            name: "dotted names", template: "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"",
            data: ["person": ["name": "Joe"]], expected: "\"Joe\" == \"Joe\""),
        .init(
            name: "dotted names, arbitrary depth", template: "\"{{a.b.c.d.e.name}}\" == \"Phil\"",
            data: ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]], expected: "\"Phil\" == \"Phil\""),
        .init(
            name: "dotted names, broken chains", template: "\"{{a.b.c}}\" == \"\"", data: ["a": [:]],
            expected: "\"\" == \"\""),
        .init(
            name: "dotted names, broken chain resolution", template: "\"{{a.b.c.name}}\" == \"\"",
            data: ["a": ["b": [:]], "c": ["name": "Jim"]], expected: "\"\" == \"\""),
        .init(
            name: "dotted names, initial resolution", template: "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"",
            data: ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]], "b": ["c": ["d": ["e": ["name": "Wrong"]]]]],
            expected: "\"Phil\" == \"Phil\""),
        .init(
            name: "dotted names, context precedence", template: "{{#a}}{{b.c}}{{/a}}",
            data: ["a": ["b": [:]], "b": ["c": "ERROR"]], expected: ""),
        .init(name: "implicit iterator", template: "Hello, {{.}}!\n", data: "world", expected: "Hello, world!\n"),
        .init(
            name: "surrounding whitespace", template: "| {{string}} |", data: ["string": "---"],
            expected: "| --- |"),
        .init(name: "standalone", template: "  {{string}}\n", data: ["string": "---"], expected: "  ---\n"),
        .init(name: "with padding", template: "|{{ string }}|", data: ["string": "---"], expected: "|---|"),
        .init(
            name: "Hangul, escaped by bytes", template: "{{title}}", data: ["title": "맛집 <서울> & \"부산\""],
            expected: "맛집 &lt;서울&gt; &amp; &quot;부산&quot;"),
    ]

    static let sections: [SpecTests.Case] = [
        .init(
            name: "truthy", template: "\"{{#boolean}}This should be rendered.{{/boolean}}\"",
            data: ["boolean": true], expected: "\"This should be rendered.\""),
        .init(
            name: "falsey", template: "\"{{#boolean}}This should not be rendered.{{/boolean}}\"",
            data: ["boolean": false], expected: "\"\""),
        .init(
            name: "context", template: "\"{{#context}}Hi {{name}}.{{/context}}\"",
            data: ["context": ["name": "Joe"]], expected: "\"Hi Joe.\""),
        .init(
            name: "parent contexts", template: "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"",
            data: ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]],
            expected: "\"foo, bar, baz\""),
        .init(
            name: "list", template: "\"{{#list}}{{item}}{{/list}}\"",
            data: ["list": [["item": 1], ["item": 2], ["item": 3]]], expected: "\"123\""),
        .init(name: "empty list", template: "\"{{#list}}Yay lists!{{/list}}\"", data: ["list": []], expected: "\"\""),
        .init(
            name: "doubled", template: "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
            data: ["bool": true, "two": "second"], expected: "* first\n* second\n* third\n"),
        .init(
            name: "nested", template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", data: ["bool": true],
            expected: "| A B C D E |"),
        .init(
            name: "implicit iterator, strings", template: "\"{{#list}}({{.}}){{/list}}\"",
            data: ["list": ["a", "b", "c"]], expected: "\"(a)(b)(c)\""),
        .init(
            name: "implicit iterator, integers", template: "\"{{#list}}({{.}}){{/list}}\"",
            data: ["list": [1, 2, 3]], expected: "\"(1)(2)(3)\""),
        .init(
            name: "implicit iterator, decimals", template: "\"{{#list}}({{.}}){{/list}}\"",
            data: ["list": [1.1, 2.2]], expected: "\"(1.1)(2.2)\""),
        .init(
            name: "dotted names, truthy", template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"",
            data: ["a": ["b": ["c": true]]], expected: "\"Here\" == \"Here\""),
        .init(
            name: "dotted names, broken chains", template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"",
            data: ["a": [:]], expected: "\"\" == \"\""),
        .init(
            name: "surrounding whitespace", template: " | {{#boolean}}\t|\t{{/boolean}} | \n",
            data: ["boolean": true], expected: " | \t|\t | \n"),
        .init(
            name: "internal whitespace", template: " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
            data: ["boolean": true], expected: " |  \n  | \n"),
        .init(
            name: "indented inline sections", template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n",
            data: ["boolean": true], expected: " YES\n GOOD\n"),
        .init(
            name: "standalone lines", template: "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n",
            data: ["boolean": true], expected: "| This Is\n|\n| A Line\n"),
        .init(
            name: "indented standalone lines", template: "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n",
            data: ["boolean": true], expected: "| This Is\n|\n| A Line\n"),
        .init(
            name: "standalone line endings", template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|",
            data: ["boolean": true], expected: "|\r\n|"),
        .init(
            name: "standalone without previous line", template: "  {{#boolean}}\n#{{/boolean}}\n/",
            data: ["boolean": true], expected: "#\n/"),
        .init(
            name: "standalone without newline", template: "#{{#boolean}}\n/\n  {{/boolean}}",
            data: ["boolean": true], expected: "#\n/\n"),
        .init(name: "padding", template: "|{{# boolean }}={{/ boolean }}|", data: ["boolean": true], expected: "|=|"),
    ]

    static let inverted: [SpecTests.Case] = [
        .init(
            name: "falsey", template: "\"{{^boolean}}This should be rendered.{{/boolean}}\"",
            data: ["boolean": false], expected: "\"This should be rendered.\""),
        .init(
            name: "truthy", template: "\"{{^boolean}}This should not be rendered.{{/boolean}}\"",
            data: ["boolean": true], expected: "\"\""),
        .init(
            name: "missing is falsey", template: "\"{{^missing}}Shown.{{/missing}}\"", data: [:],
            expected: "\"Shown.\""),
        .init(
            name: "context", template: "\"{{^context}}Hi {{name}}.{{/context}}\"",
            data: ["context": ["name": "Joe"]], expected: "\"\""),
        .init(
            name: "list", template: "\"{{^list}}{{n}}{{/list}}\"", data: ["list": [["n": 1], ["n": 2]]],
            expected: "\"\""),
        .init(
            name: "empty list", template: "\"{{^list}}Yay lists!{{/list}}\"", data: ["list": []],
            expected: "\"Yay lists!\""),
        .init(
            name: "doubled", template: "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n",
            data: ["bool": false, "two": "second"], expected: "* first\n* second\n* third\n"),
        .init(
            name: "standalone lines", template: "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n",
            data: ["boolean": false], expected: "| This Is\n|\n| A Line\n"),
        .init(
            name: "standalone line endings", template: "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|",
            data: ["boolean": false], expected: "|\r\n|"),
        .init(name: "padding", template: "|{{^ boolean }}={{/ boolean }}|", data: ["boolean": false], expected: "|=|"),
    ]

    static let comments: [SpecTests.Case] = [
        .init(name: "inline", template: "12345{{! Comment Block! }}67890", data: [:], expected: "1234567890"),
        .init(
            name: "multiline", template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n", data: [:],
            expected: "1234567890\n"),
        .init(
            name: "standalone", template: "Begin.\n{{! Comment Block! }}\nEnd.\n", data: [:],
            expected: "Begin.\nEnd.\n"),
        .init(
            name: "indented standalone", template: "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n", data: [:],
            expected: "Begin.\nEnd.\n"),
        .init(
            name: "standalone line endings", template: "|\r\n{{! Standalone Comment }}\r\n|", data: [:],
            expected: "|\r\n|"),
        .init(
            name: "standalone without previous line", template: "  {{! I'm Still Standalone }}\n!", data: [:],
            expected: "!"),
        .init(
            name: "standalone without newline", template: "!\n  {{! I'm Still Standalone }}", data: [:],
            expected: "!\n"),
        .init(
            name: "multiline standalone", template: "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n",
            data: [:], expected: "Begin.\nEnd.\n"),
        .init(name: "indented inline", template: "  12 {{! 34 }}\n", data: [:], expected: "  12 \n"),
        .init(
            name: "surrounding whitespace", template: "12345 {{! Comment Block! }} 67890", data: [:],
            expected: "12345  67890"),
    ]

    static let delimiters: [SpecTests.Case] = [
        .init(name: "pair behaviour", template: "{{=<% %>=}}(<%text%>)", data: ["text": "Hey!"], expected: "(Hey!)"),
        .init(
            name: "special characters", template: "({{=[ ]=}}[text])", data: ["text": "It worked!"],
            expected: "(It worked!)"),
        .init(
            name: "sections",
            template:
                "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            data: ["section": true, "data": "I got interpolated."],
            expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(name: "standalone tag", template: "Begin.\n{{=@ @=}}\nEnd.\n", data: [:], expected: "Begin.\nEnd.\n"),
        .init(
            name: "indented standalone tag", template: "Begin.\n  {{=@ @=}}\nEnd.\n", data: [:],
            expected: "Begin.\nEnd.\n"),
        .init(name: "pair with padding", template: "|{{= @   @ =}}|", data: [:], expected: "||"),
        .init(name: "outlying whitespace", template: " | {{=@ @=}}\n", data: [:], expected: " | \n"),
        .init(
            name: "unescaped under other delimiters", template: "{{=<% %>=}}<%&text%> <%text%>", data: ["text": "<b>"],
            expected: "<b> &lt;b&gt;"),
    ]

    static let partials: [SpecTests.Case] = [
        .init(
            name: "basic", template: "\"{{>text}}\"", data: [:], partials: ["text": "from partial"],
            expected: "\"from partial\""),
        .init(
            name: "context", template: "\"{{>partial}}\"", data: ["text": "content"],
            partials: ["partial": "*{{text}}*"],
            expected: "\"*content*\""),
        .init(
            name: "recursion", template: "{{>node}}",
            data: ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
            partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"], expected: "X<Y<>>"),
        .init(
            name: "surrounding whitespace", template: "| {{>partial}} |", data: [:], partials: ["partial": "\t|\t"],
            expected: "| \t|\t |"),
        .init(
            name: "inline indentation", template: "  {{data}}  {{> partial}}\n", data: ["data": "|"],
            partials: ["partial": ">\n>"], expected: "  |  >\n>\n"),
        .init(
            name: "standalone line endings", template: "|\r\n{{>partial}}\r\n|", data: [:], partials: ["partial": ">"],
            expected: "|\r\n>|"),
        .init(
            name: "standalone without previous line", template: "  {{>partial}}\n>", data: [:],
            partials: ["partial": ">\n>"], expected: "  >\n  >>"),
        .init(
            name: "standalone without newline", template: ">\n  {{>partial}}", data: [:], partials: ["partial": ">\n>"],
            expected: ">\n  >\n  >"),
        .init(
            name: "standalone indentation", template: "\\\n {{>partial}}\n/\n", data: ["content": "<\n->"],
            partials: ["partial": "|\n{{{content}}}\n|\n"], expected: "\\\n |\n <\n->\n |\n/\n"),
        .init(
            name: "padding whitespace", template: "|{{> partial }}|", data: ["boolean": true],
            partials: ["partial": "[]"],
            expected: "|[]|"),
        .init(
            name: "nested indentation", template: "a\n  {{>outer}}\nb\n", data: [:],
            partials: ["outer": "o1\n  {{>inner}}\no2\n", "inner": "i1\ni2\n"],
            expected: "a\n  o1\n    i1\n    i2\n  o2\nb\n"),
    ]
}
