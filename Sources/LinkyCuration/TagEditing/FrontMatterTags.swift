import LinkyModel
import Yams

/// The `tags:` of a Markdown file's front matter, found in its bytes: the YAML is composed with
/// Yams as the build composes it, and each tag's bytes are read from where Yams says its node starts.
struct FrontMatterTags: Sendable {
    /// The front matter's top-level keys, in order.
    var keys: [String]
    /// `tags:`, when the front matter has it.
    var tags: WrittenTags?

    /// Reads the front matter in `yaml` (a byte range of `file`); `linkLine` is the line of the link
    /// these tags belong to, if any.
    static func locate(
        in file: SourceBytes, yaml: Range<Int>, linkLine: Int?
    ) -> Result<FrontMatterTags, TagEditProblem> {
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text(yaml), .basic, .default, .utf8)
        } catch {
            return .failure(
                TagEditProblem(
                    location: SourceLocation(path: file.path, line: 2),
                    message: "the front matter is no longer valid YAML (\(error))",
                    hint: "the file changed while linky-site read it; run the command again"))
        }
        guard case .mapping(let mapping) = node else { return .success(FrontMatterTags(keys: [], tags: nil)) }
        let positions = YAMLPositions(bytes: file.bytes, range: yaml)
        var result = FrontMatterTags(keys: mapping.keys.map { $0.string ?? "\($0)" }, tags: nil)
        guard let (key, value) = mapping.first(where: { $0.key.string == "tags" }) else { return .success(result) }
        let line = file.line(of: positions.offset(of: key.mark) ?? yaml.lowerBound)
        result.tags = located(value, in: file, positions: positions, line: line, linkLine: linkLine)
        return .success(result)
    }
}

// MARK: - Helpers

private extension FrontMatterTags {
    static func located(
        _ node: Node, in file: SourceBytes, positions: YAMLPositions, line: Int, linkLine: Int?
    ) -> WrittenTags {
        let limit = positions.range.upperBound
        switch node {
        case .scalar(let scalar):
            guard let offset = positions.offset(of: scalar.mark),
                let source = YAMLScalarSource.read(
                    file.bytes, at: offset, limit: limit, style: scalar.style, expected: scalar.string)
            else {
                let names = TagNameBytes.pieces(Array(scalar.string.utf8)).map(\.written)
                return WrittenTags(
                    line: line, linkLine: linkLine, names: names,
                    layout: .unlocated("the `tags:` string is written over several lines or as a block scalar"))
            }
            let pieces = TagNameBytes.pieces(source.value)
            return WrittenTags(
                line: line, linkLine: linkLine, names: pieces.map(\.written),
                layout: .commaSeparated(source, pieces: pieces.map(\.piece)))
        case .sequence(let sequence):
            var items: [WrittenTags.Item] = []
            var names: [WrittenTags.Name] = []
            var unlocated: String?
            for item in sequence {
                guard case .scalar(let scalar) = item else {
                    unlocated = "an item of `tags:` is not a single name"
                    continue
                }
                let value = Array(scalar.string.utf8)
                let (nameRange, name) = TagNameBytes.single(value)
                names.append(name)
                guard let offset = positions.offset(of: scalar.mark),
                    let source = YAMLScalarSource.read(
                        file.bytes, at: offset, limit: limit, style: scalar.style, expected: scalar.string),
                    !items.contains(where: { $0.scalar.token == source.token })
                else {
                    unlocated = "an item of `tags:` is written over several lines, as a block scalar or as a YAML alias"
                    continue
                }
                items.append(WrittenTags.Item(scalar: source, name: nameRange))
            }
            // Yams reports the style of the sequence's end event, not of its start: read it from the source.
            let start = positions.offset(of: sequence.mark).map {
                YAMLScalarSource.skippingProperties(file.bytes, $0, limit)
            }
            let opener = start.flatMap { $0 < limit ? file.bytes[$0] : nil }
            if unlocated == nil, opener != UInt8(ascii: "[") && opener != UInt8(ascii: "-") {
                unlocated = "`tags:` is a list whose start linky-site cannot find"
            }
            if let unlocated {
                return WrittenTags(line: line, linkLine: linkLine, names: names, layout: .unlocated(unlocated))
            }
            return WrittenTags(
                line: line, linkLine: linkLine, names: names,
                layout: .sequence(flow: opener == UInt8(ascii: "["), items: items))
        default:
            return WrittenTags(
                line: line, linkLine: linkLine, names: [], layout: .unlocated("`tags:` is neither a list nor a string"))
        }
    }
}
