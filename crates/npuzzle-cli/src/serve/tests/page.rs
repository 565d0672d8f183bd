//! The page: its modules served and imported, the favicon, health, the security headers.

use super::*;

#[tokio::test]
async fn the_favicon_is_served() {
    let response = default_app().oneshot(get("/favicon.ico")).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/x-icon");
    let icon = to_bytes(response.into_body(), 1 << 20).await.unwrap();
    // An icon directory of one image, and that image a PNG.
    assert_eq!(&icon[..6], &[0, 0, 1, 0, 1, 0]);
    let offset = u32::from_le_bytes(icon[18..22].try_into().unwrap()) as usize;
    assert!(icon[offset..].starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[tokio::test]
async fn health_and_page() {
    let (status, body) = call(default_app(), get("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    for (path, kind, marker) in [
        ("/", "text/html", "<script type=\"module\" src=\"/app.js\">"),
        ("/app.js", "text/javascript", "from \"./board.js\""),
        ("/solve.js", "text/javascript", "async function solve"),
        ("/app.css", "text/css", ".board"),
    ] {
        let response = default_app().oneshot(get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let text = to_bytes(response.into_body(), 1 << 20).await.unwrap();
        assert!(String::from_utf8_lossy(&text).contains(marker), "{path}");
    }
}

/// The modules a page script imports, statically (`from "./x.js"`) and when asked
/// (`import("./x.js")`), as the paths they are served at.
fn imported_modules(source: &str) -> (Vec<String>, Vec<String>) {
    let after = |marker: &str| {
        source
            .split(marker)
            .skip(1)
            .map(|rest| format!("/{}", &rest[..rest.find('"').unwrap()]))
            .collect::<Vec<_>>()
    };
    (after("from \"./"), after("import(\"./"))
}

/// Every module the page's scripts import is served as JavaScript (a browser refuses a
/// module of another type), every one served is imported, the self-test only on request,
/// and none of them is too long to read.
#[tokio::test]
async fn every_page_module_is_served_as_javascript_and_imported() {
    let served: Vec<&str> = SCRIPTS.iter().map(|(path, _)| *path).collect();
    let mut reached = vec!["/app.js".to_string()];
    let mut on_request = Vec::new();
    for (path, source) in SCRIPTS {
        assert!(source.lines().count() <= 700, "{path} is over 700 lines");
        let (imports, dynamic) = imported_modules(source);
        for module in imports.iter().chain(&dynamic) {
            assert!(
                served.contains(&module.as_str()),
                "{path} imports {module}, not served"
            );
        }
        reached.extend(imports);
        on_request.extend(dynamic);
    }
    assert_eq!(on_request, ["/selftest.js"]);
    assert!(
        !reached.contains(&"/selftest.js".to_string()),
        "the self-test is imported eagerly"
    );
    for path in served {
        assert!(
            reached.iter().chain(&on_request).any(|m| m == path),
            "{path} is served but nothing imports it"
        );
        let response = default_app().oneshot(get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert_eq!(content_type, "text/javascript; charset=utf-8", "{path}");
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    for request in [
        get("/"),
        get("/app.js"),
        get("/selftest.js"),
        get("/api/health"),
        get("/api/nothing"),
        post_json("/api/solve", &json!({"board": "1 2"})),
    ] {
        let path = request.uri().to_string();
        let response = default_app().oneshot(request).await.unwrap();
        let headers = response.headers();
        let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        // The page's own script and style only: nothing inline, nothing from elsewhere.
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
    }
}
