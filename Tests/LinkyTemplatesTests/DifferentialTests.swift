import LinkyTemplates
import LinkyTestSupport
import Testing

/// Thousands of generated template × data pairs rendered by our renderer and by swift-mustache:
/// the outputs must be the same bytes, and the two must agree on which templates do not parse.
/// A difference fails with the smallest template (fewest pieces) that still shows it.
@Suite("Renderer against swift-mustache")
struct DifferentialTests {
    @Test(arguments: [(true, 5_000), (false, 2_000)])
    func generatedTemplatesRenderAlike(themeMode: Bool, count: Int) throws {
        var random = SeededRandom(seed: themeMode ? 2026 : 1123)
        var failures = 0
        var rendered = 0
        for index in 0..<count {
            var generator = TemplateGenerator(random: random)
            let main = generator.template(allowPartials: true)
            let partial = generator.template(allowPartials: false)
            let data = generator.data(depth: 0)
            random = generator.random
            if (try? Template(parsing: main.joined())) != nil, (try? Template(parsing: partial.joined())) != nil {
                rendered += 1
            }
            guard let difference = compare(main, partial, data, themeMode: themeMode) else { continue }
            let smallest = shrink(main, partial, data, themeMode: themeMode)
            Issue.record(
                """
                pair \(index) renders differently (\(difference)); smallest templates:
                main:    \(smallest.main.joined().debugDescription)
                partial: \(smallest.partial.joined().debugDescription)
                data:    \(Self.describe(data))
                """)
            failures += 1
            if failures == 3 { return }
        }
        // Most pairs must get as far as rendering, or the comparison says little.
        #expect(rendered * 10 >= count * 7, "only \(rendered) of \(count) generated templates parse")
    }

    /// nil when both agree; else what differs.
    func compare(_ main: [String], _ partial: [String], _ data: TemplateValue, themeMode: Bool) -> String? {
        let texts = ["main": main.joined(), "p": partial.joined()]
        var library = TemplateLibrary()
        var ourError: String?
        for (name, text) in texts {
            do {
                library.register(try Template(parsing: text, standaloneOnFirstLine: !themeMode), named: name)
            } catch {
                ourError = "\(name): \(error)"
            }
        }
        let referenceParses = texts.values.allSatisfy { ReferenceEngine.parses($0, themeMode: themeMode) }
        if let ourError { return referenceParses ? "only ours refuses it: \(ourError)" : nil }
        guard referenceParses else { return "only swift-mustache refuses it" }
        let ours: String
        do {
            ours = String(decoding: try library.render("main", data), as: UTF8.self)
        } catch {
            return "ours failed: \(error)"
        }
        guard let reference = try? ReferenceEngine(templates: texts, themeMode: themeMode).render("main", data) else {
            return "swift-mustache failed"
        }
        return ours == reference ? nil : "ours \(ours.debugDescription) ≠ reference \(reference.debugDescription)"
    }

    /// Drops pieces of either template one at a time for as long as the difference stays.
    func shrink(
        _ main: [String], _ partial: [String], _ data: TemplateValue, themeMode: Bool
    )
        -> (main: [String], partial: [String])
    {
        var pieces = [main, partial]
        var shrunk = true
        while shrunk {
            shrunk = false
            search: for which in 0...1 {
                for index in pieces[which].indices.reversed() {
                    var candidate = pieces
                    candidate[which].remove(at: index)
                    if compare(candidate[0], candidate[1], data, themeMode: themeMode) != nil {
                        pieces = candidate
                        shrunk = true
                        break search
                    }
                }
            }
        }
        return (pieces[0], pieces[1])
    }

    /// JSON-like, with keys sorted.
    static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .string(let text): text.debugDescription
        case .bool(let flag): "\(flag)"
        case .int(let number): "\(number)"
        case .double(let number): "\(number)"
        case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        case .map(let entries):
            "{" + entries.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
                + "}"
        case .part(let part): describe(part.value)
        }
    }
}

/// Templates as lists of pieces (text, tags), and data whose names keep one kind of value each, so
/// every variable names a string, number or boolean (swift-mustache prints lists and maps with
/// Swift's `description`, which no theme uses and our renderer leaves out).
struct TemplateGenerator {
    var random: SeededRandom
    private var open = "{{"
    private var close = "}}"

    init(random: SeededRandom) { self.random = random }

    static let scalarNames = ["s", "n", "d", "b", "e", "missing"]
    static let containerNames = ["m", "l", "ls", "empty"]
    static let texts = [
        "a", "b c", " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "<&>\"'", "한글", "맛집 ", "é", "{", "}", "x}", "{y", "=",
    ]
    static let strings = ["", "plain", "<b>&amp;\"'</b>", "한글 <태그>", "line\nbreak", " spaced ", "{{s}}"]

    /// A whole template, starting with the standard delimiters.
    mutating func template(allowPartials: Bool) -> [String] {
        (open, close) = ("{{", "}}")
        return template(depth: allowPartials ? 0 : 1, allowPartials: allowPartials, allowCurrent: false)
    }

    mutating func template(depth: Int, allowPartials: Bool, allowCurrent: Bool) -> [String] {
        var pieces: [String] = []
        for _ in 0..<random.next(in: 1...8) {
            switch random.next(in: 0...13) {
            case 0...3: pieces.append(random.pick(Self.texts))
            case 4...6: pieces.append(variable(allowCurrent: allowCurrent))
            case 7,
                8 where depth < 3:
                let inverted = random.next(in: 0...3) == 0
                let name = random.pick(Self.scalarNames + Self.containerNames + ["m.m", "m.b", "l", "l"])
                // `{{.}}` inside is a string or number only for sections over those.
                let current = !inverted && ["s", "n", "d", "ls"].contains(name)
                let standalone = random.next(in: 0...1) == 0
                let indent = random.pick(["", " ", "  ", "\t"])
                let before = standalone ? "\n" + indent : ""
                let after = standalone ? "\n" : ""
                pieces.append(before + tag((inverted ? "^" : "#") + name) + after)
                // Delimiters set inside a section end with it.
                let (outerOpen, outerClose) = (open, close)
                pieces += template(depth: depth + 1, allowPartials: allowPartials, allowCurrent: current)
                pieces.append((standalone ? indent : "") + tag("/" + name) + after)
                (open, close) = (outerOpen, outerClose)
            case 9: pieces.append(random.pick(["", "\n", "  "]) + tag("! note \(random.pick(["", "}", "\n"])) "))
            case 10 where allowPartials:
                let indent = random.pick(["", "  ", "\t"])
                pieces.append(random.next(in: 0...1) == 0 ? "\n" + indent + tag("> p") + "\n" : tag(">p"))
            case 11:
                // Two characters each: swift-mustache crashes closing a section under delimiters of another length.
                let (newOpen, newClose) = random.pick([("<%", "%>"), ("[[", "]]"), ("{{", "}}"), ("<|", "|>")])
                pieces.append(random.pick(["", "\n"]) + tag("=\(newOpen) \(newClose)=") + random.pick(["", "\n"]))
                open = newOpen
                close = newClose
            default: pieces.append(random.pick(Self.texts))
            }
        }
        return pieces
    }

    mutating func variable(allowCurrent: Bool) -> String {
        var names = Self.scalarNames + ["m.s", "m.n", "m.m.s", "m.missing", "missing.s", ".s", "l.s"]
        if allowCurrent { names.append(".") }
        let name = random.pick(names)
        switch random.next(in: 0...5) {
        case 0: return open == "{{" ? "{{{\(name)}}}" : tag("&" + name)
        case 1: return tag("&" + name)
        case 2: return tag(" \(name) ")
        default: return tag(name)
        }
    }

    func tag(_ inside: String) -> String { open + inside + close }

    mutating func data(depth: Int) -> TemplateValue {
        var map: TemplateMap = [:]
        for name in Self.scalarNames + Self.containerNames where random.next(in: 0...3) != 0 {
            switch name {
            case "s": map[name] = .string(random.pick(Self.strings))
            case "n": map[name] = .int(random.pick([0, 1, -7, 42, 1_000_000]))
            case "d": map[name] = .double(random.pick([0.5, 1.25, -3.0, 1e20]))
            case "b": map[name] = .bool(random.next(in: 0...1) == 0)
            case "e": map[name] = ""
            case "m" where depth < 3: map[name] = data(depth: depth + 1)
            case "l" where depth < 3:
                map[name] = .list((0..<random.next(in: 0...3)).map { _ in data(depth: depth + 1) })
            case "ls": map[name] = .list((0..<random.next(in: 0...3)).map { _ in .string(random.pick(Self.strings)) })
            case "empty": map[name] = []
            default: break
            }
        }
        return .map(map)
    }
}
