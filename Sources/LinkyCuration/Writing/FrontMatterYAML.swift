import Yams

/// YAML for front matter a person will read and edit: one line per value (no folding), `\n` line
/// breaks, characters as themselves. libyaml's emitter writes a character outside the Basic
/// Multilingual Plane — most emoji (`🍺`, `🚀`), rarer CJK — as an escape (`"\U0001F37A IceBeer"`),
/// even when asked for Unicode; those escapes are turned back into the characters, which mean the
/// same inside the double-quoted scalar.
enum FrontMatterYAML {
    static func serialize(_ node: Node, what: String) -> String {
        let yaml: String
        do {
            yaml = try Yams.serialize(node: node, width: -1, allowUnicode: true, lineBreak: .ln)
        } catch {
            // Yams only fails on a node it cannot represent; every node here is a plain scalar or list.
            preconditionFailure("Yams could not write \(what): \(error)")
        }
        let readable = unescapingSupplementaryCharacters(yaml)
        // Escapes mean something only in a double-quoted scalar: `\U0001F37A` written by a person in a
        // plain one is text. The text is taken only if it reads back as the same values.
        guard readable != yaml, let original = try? Yams.compose(yaml: yaml),
            let unescaped = try? Yams.compose(yaml: readable), original == unescaped
        else { return yaml }
        return readable
    }

    /// `\UXXXXXXXX` escapes of printable characters made the characters again; every other escape
    /// (`\\`, `\"`, `\t`, a control character's) is kept as written.
    static func unescapingSupplementaryCharacters(_ yaml: String) -> String {
        guard yaml.contains("\\U") else { return yaml }
        var output = String.UnicodeScalarView()
        let scalars = Array(yaml.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                output.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == "U", index + 10 <= scalars.count,
                let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 10)])), radix: 16),
                let character = Unicode.Scalar(value), isPrintable(character)
            {
                output.append(character)
                index += 10
            } else {
                // An escape pair, copied whole so that `\\U…` stays a backslash and a `U`.
                output.append(scalar)
                output.append(scalars[index + 1])
                index += 2
            }
        }
        return String(output)
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: !scalar.properties.isNoncharacterCodePoint
        }
    }
}
