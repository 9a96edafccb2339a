/// A small tokenizer and recursive-descent parser over one line.
struct TextParser {
    enum Token: Equatable { case word(String), open, close, comma }
    let tokens: [(token: Token, column: Int)]
    var pos = 0
    let endColumn: Int

    init(_ text: String) {
        var column = 1
        var word = "", wordColumn = 0
        var tokens: [(token: Token, column: Int)] = []
        func flush() {
            if !word.isEmpty { tokens.append((.word(word), wordColumn)); word = "" }
        }
        for ch in text {
            switch ch {
            case " ", "\t": flush()
            case "[": flush(); tokens.append((.open, column))
            case "]": flush(); tokens.append((.close, column))
            case ",": flush(); tokens.append((.comma, column))
            default:
                if word.isEmpty { wordColumn = column }
                word.append(ch)
            }
            column += 1
        }
        flush()
        self.tokens = tokens
        endColumn = column
    }

    var column: Int { pos < tokens.count ? tokens[pos].column : endColumn }

    func fail(_ expected: String) -> TextFormError {
        let found: String
        if pos < tokens.count {
            switch tokens[pos].token {
            case .word(let w): found = "'\(w)'"
            case .open: found = "'['"
            case .close: found = "']'"
            case .comma: found = "','"
            }
        } else {
            found = "the end of the line"
        }
        return TextFormError(column: column, message: "expected \(expected), found \(found)")
    }

    mutating func word(_ expected: String) throws(TextFormError) -> String {
        guard pos < tokens.count, case .word(let w) = tokens[pos].token else { throw fail(expected) }
        pos += 1
        return w
    }

    mutating func punct(_ t: Token, _ expected: String) throws(TextFormError) {
        guard pos < tokens.count, tokens[pos].token == t else { throw fail(expected) }
        pos += 1
    }

    func peek(_ t: Token) -> Bool { pos < tokens.count && tokens[pos].token == t }

    mutating func expectEnd() throws(TextFormError) {
        if pos < tokens.count { throw fail("the end of the action") }
    }

    mutating func indexed(_ prefix: Character, _ what: String, max: Int) throws(TextFormError) -> Int {
        let save = pos
        let w = try word(what)
        guard w.first == prefix, let n = printedNumber(w.dropFirst()), n <= max else {
            pos = save
            throw fail(what)
        }
        return n
    }

    mutating func coordinator() throws(TextFormError) -> CoordinatorID {
        CoordinatorID(try indexed("c", "a coordinator like c0", max: Int(Int32.max)))
    }
    mutating func route() throws(TextFormError) -> Route { Route(try indexed("r", "a route like r0", max: 255)) }
    mutating func page() throws(TextFormError) -> Page { Page(try indexed("p", "a page like p0", max: 255)) }

    mutating func named<T: CaseIterable & CustomStringConvertible>(_ what: String, _: T.Type) throws(TextFormError) -> T {
        let save = pos
        let w = try word(what)
        guard let v = T.allCases.first(where: { $0.description == w }) else { pos = save; throw fail(what) }
        return v
    }
    mutating func kind() throws(TextFormError) -> Kind { try named("a kind (navigation, tab, redirection)", Kind.self) }
    mutating func style() throws(TextFormError) -> Style {
        try named("a style (push, sheet, detents, fullScreen, overlay, custom)", Style.self)
    }

    mutating func pageList() throws(TextFormError) -> [Page] {
        try punct(.open, "'[' to open a page list")
        var pages: [Page] = []
        if !peek(.close) {
            pages.append(try page())
            while peek(.comma) { pos += 1; pages.append(try page()) }
        }
        try punct(.close, "',' or ']' in the page list")
        return pages
    }

    mutating func routeList() throws(TextFormError) -> [Route] {
        try punct(.open, "'[' to open a route list")
        var routes: [Route] = []
        if !peek(.close) {
            routes.append(try route())
            while peek(.comma) { pos += 1; routes.append(try route()) }
        }
        try punct(.close, "',' or ']' in the route list")
        return routes
    }

    mutating func badgeValue() throws(TextFormError) -> Int? {
        let save = pos
        let w = try word("a badge value (a whole number or nil)")
        if w == "nil" { return nil }
        // `-3` as printed; not `-0`, `+3` or `03`.
        let magnitude = w.hasPrefix("-") ? w.dropFirst() : w[...]
        guard let v = printedNumber(magnitude), !(w.hasPrefix("-") && v == 0) else { pos = save; throw fail("a badge value (a whole number or nil)") }
        return w.hasPrefix("-") ? -v : v
    }

    /// One action; inside `multiple` and `redirectTo` the target is given and not written
    /// (`redirectTo` takes a `multiple` too).
    mutating func action(target given: CoordinatorID?, redirected: Bool = false) throws(TextFormError) -> Action {
        let save = pos
        let w = try word("an action name")
        guard let name = ActionName(rawValue: w) else {
            pos = save
            throw fail("an action name (push, pop, present, start, finishFlow, userBack, …)")
        }
        if redirected && !name.isRouterPart && name != .multiple {
            pos = save
            throw fail("a router action or multiple after redirectTo (push, pop, popToRoot, popTo, setRoot, replaceRoot, present, dismiss, dismissAll, close, set, none, multiple)")
        }
        if given != nil && !redirected && !name.isRouterPart {
            pos = save
            throw fail("a router action inside multiple (push, pop, popToRoot, popTo, setRoot, replaceRoot, present, dismiss, dismissAll, close, set, none)")
        }
        func target(_ p: inout TextParser) throws(TextFormError) -> CoordinatorID {
            if let given { return given }
            return try p.coordinator()
        }
        switch name {
        case .push: return .push(try target(&self), try route())
        case .pop: return .pop(try target(&self))
        case .popToRoot: return .popToRoot(try target(&self))
        case .popTo: return .popTo(try target(&self), try route())
        case .setRoot: return .setRoot(try target(&self), try route())
        case .replaceRoot: return .replaceRoot(try target(&self), try route())
        case .present: return .present(try target(&self), try route(), try style())
        case .dismiss: return .dismiss(try target(&self))
        case .dismissAll: return .dismissAll(try target(&self))
        case .close: return .close(try target(&self))
        case .set: return .set(try target(&self), try route())
        case .none: return .none(try target(&self))
        case .multiple:
            let c = try target(&self)
            try punct(.open, "'[' to open the list of actions")
            var parts: [Action] = []
            if !peek(.close) {
                parts.append(try action(target: c))
                while peek(.comma) { pos += 1; parts.append(try action(target: c)) }
            }
            try punct(.close, "',' or ']' in the list of actions")
            return .multiple(c, parts)
        case .restart: return .restart(try coordinator())
        case .start: return .start(try coordinator(), try kind(), try style(), try route())
        case .finishFlow: return .finishFlow(try coordinator())
        case .forcePresentation: return .forcePresentation(try kind(), try style(), try route())
        case .restartApp: return .restartApp
        case .redirect: return .redirect(try coordinator(), try route(), try style())
        case .select: return .select(try coordinator(), try page())
        case .setPages:
            let c = try coordinator()
            let pages = try pageList()
            let current = pos < tokens.count ? try page() : nil
            return .setPages(c, pages, current: current)
        case .setBadge: return .setBadge(try coordinator(), try page(), try badgeValue())
        case .tabPopToRoot: return .tabPopToRoot(try coordinator())
        case .userBack: return .userBack
        case .userSwipeDismiss: return .userSwipeDismiss
        case .userSelectTab: return .userSelectTab(try page())
        case .switchRoot: return .switchRoot(try kind(), try route())
        case .redirectTo:
            let c = try coordinator()
            return .redirectTo(c, try action(target: c, redirected: true))
        case .startShared: return .startShared(try coordinator(), try route())
        case .setStack: return .setStack(try coordinator(), try routeList())
        case .startStack: return .startStack(try coordinator(), try style(), try routeList())
        }
    }
}
