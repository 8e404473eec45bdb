import LinkyModel
import LinkyTemplates

/// What a link card shows as its pictures, for the templates: its `thumbnail` (the page's preview
/// picture), its `site_icon`, and the `fallback` drawn for a link with neither — the initial of its
/// domain on a colour of its own. With `images: local` (the default) the pictures are the files
/// `fetch` made in `pictures/`, which the build copies; with `images: remote`, the pictures' own
/// addresses; with `images: none`, none.
enum CardPictureFields {
    /// `{src, srcset, width, height, large_src}` of the WebP files `entry` names, in `pictures/` of the
    /// output (`root` leads there from the page).
    static func local(_ entry: PictureIndex.Entry, root: String) -> TemplateValue {
        let screen = entry.screenFiles
        guard let first = screen.first ?? entry.files.first else { return false }
        let folder = root + PictureIndex.folderName + "/"
        let srcset: [String] = screen.map { file in folder + file.name + " \(file.width)w" }
        var map: TemplateMap = [:]
        map["src"] = .string(folder + first.name)
        map["srcset"] = .string(srcset.joined(separator: ", "))
        map["width"] = .int(first.width)
        map["height"] = .int(first.height)
        map["large_src"] = .string(folder + (screen.last ?? first).name)
        return .map(map)
    }

    /// A picture at its own address (`images: remote`): its size is not known.
    static func remote(_ address: LinkURL) -> TemplateValue {
        let src = TemplateValue.string(address.absoluteString)
        return .map(["src": src, "srcset": false, "width": false, "height": false, "large_src": src])
    }

    /// `{initial, hue, tone}`: the first letter of the domain (without `www.`), upper-cased, and a hue
    /// in degrees (0–359) that the host always gets, so one site's links share a colour; `tone` is the
    /// hue in twelve steps (0–11), for a theme's class names (`fallback-tone-3`) instead of inline styles.
    static func fallback(host: String) -> TemplateValue {
        var name = Substring(host)
        if name.hasPrefix("www.") { name = name.dropFirst(4) }
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        let hue = hue(host: host)
        return .map(["initial": .string(initial), "hue": .int(hue), "tone": .int(hue / 30)])
    }

    /// The fallback's hue for `host`, 0–359.
    static func hue(host: String) -> Int {
        // FNV-1a: the same number on every machine and every run (Swift's own hash is seeded).
        var hash: UInt32 = 2_166_136_261
        for byte in host.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 360)
    }

    /// The fallback's `tone` for `host`, 0–11.
    static func tone(host: String) -> Int { hue(host: host) / 30 }
}
