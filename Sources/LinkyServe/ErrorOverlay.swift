import LinkyModel

/// What the server adds to HTML it serves: the live-reload script, and while the site has errors,
/// an overlay listing them. Never part of `build` output.
enum ErrorOverlay {
    /// Reloads the page when the server says the site changed; reconnects after a restart.
    static let reloadScript = """
        <script>(function(){if(!window.EventSource)return;var s=new EventSource("/__linky/events");\
        s.addEventListener("reload",function(e){var d={};try{d=JSON.parse(e.data);}catch(x){}\
        if(d.pages){var p=decodeURIComponent(location.pathname).replace(/^\\//,"");\
        if(p===""||p.slice(-1)==="/")p+="index.html";if(d.pages.indexOf(p)<0)return;}\
        location.reload();});})();</script>
        """

    /// The overlay for `diagnostics` (errors first), every piece of text escaped.
    static func html(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity == .warning }
        var html = """
            <div id="linky-error-overlay" role="alertdialog" aria-modal="true" aria-labelledby="linky-error-title" \
            style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(24,24,27,.96);\
            color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;padding:2rem;text-align:left">
            <h2 id="linky-error-title" style="color:#fca5a5;font-size:1.25rem;margin:0 0 .5rem">\
            The site has errors</h2>
            <p style="margin:0 0 1rem">Fix the file and save it: this page reloads by itself. \
            Pages behind this overlay are from the last build without errors.</p>
            <ol style="padding-left:1.5rem">
            """
        for diagnostic in errors {
            let location = diagnostic.location.map { "\($0)" } ?? "linky-site"
            let colour = diagnostic.severity == .error ? "#fca5a5" : "#fcd34d"
            html += "<li style=\"margin:0 0 .75rem\"><strong>\(escape(location))</strong>: "
            html +=
                "<span style=\"color:\(colour)\">\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]</span>: "
            html += escape(diagnostic.message)
            if let hint = diagnostic.hint {
                html += "<br><span style=\"color:#a1a1aa\">hint: \(escape(hint))</span>"
            }
            html += "</li>\n"
        }
        html += "</ol></div>\n"
        return html
    }

    /// A page of its own for when there is no good build to show behind the overlay.
    static func page(_ diagnostics: [Diagnostic]) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Site errors · linky-site</title></head>
        <body>\(html(diagnostics))</body></html>

        """
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
