import Foundation

/// The built-in theme: `Templates/default/`, compiled into the binary by the EmbedTheme plugin.
public enum DefaultTheme {
    /// Every file of the theme by relative path (`home.mustache`, `assets/style.css`).
    public static let files: [String: Data] = encodedFiles.mapValues { encoded in
        guard let data = Data(base64Encoded: encoded) else {
            preconditionFailure("EmbedTheme wrote invalid base64")
        }
        return data
    }
}
