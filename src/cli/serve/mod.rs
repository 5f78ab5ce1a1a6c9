//! `damtutor serve`: the teacher's desk, a local web page over the same library as the other
//! commands - browse and pick exercises, preview and print worksheets, make quizzes and
//! practice pages, mark a class - with a small JSON API under `/api/` that the page uses.
//!
//! The server listens on 127.0.0.1 only unless `--listen` names another address; the page and
//! its script are built in (the `desk` templates), nothing is fetched from the network, and
//! only the exercise files found at start are read. See [`guard`] for the `Host` and `Origin`
//! checks, [`api`] for the routes.

mod api;
mod guard;
mod library;
mod store;

use super::limits::LimitArgs;
use super::values::one_of;
use super::CliError;
use clap::Args;
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::words::{desk, Lang};
use library::Library;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use store::Store;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Folders (or files) of exercise sets to offer, sub-folders included [default: ./exercises/,
    /// the shipped sets and the course]
    pub folders: Vec<PathBuf>,
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 7878)]
    pub port: u16,
    /// The language of the page, the sheets and the messages [default: zh; the page can switch]
    #[arg(long, default_value = "zh", value_parser = one_of::<Lang>("a language"))]
    pub lang: Lang,
    /// Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0: every computer of the network
    /// can then open the desk - a warning is printed).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<IpAddr>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// What every request of the desk shares.
pub struct Desk {
    pub library: Library,
    pub store: Store,
    /// The page's language when a request names none.
    pub lang: Lang,
    /// The port listened on (the `Host` check).
    pub port: u16,
    /// Whether a browser to print PDFs was found.
    pub pdf: bool,
    pub templates: DeskTemplates,
}

/// The built-in templates of every document the desk makes, loaded once.
pub struct DeskTemplates {
    pub page: Templates,
    pub worksheet: Templates,
    pub quiz: Templates,
    pub practice: Templates,
    pub feedback: Templates,
}

pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let lang = args.lang;
    let templates = DeskTemplates {
        page: Templates::load(Document::Desk, Format::Html, None)?,
        worksheet: Templates::load(Document::Worksheet, Format::Html, None)?,
        quiz: Templates::load(Document::Quiz, Format::Html, None)?,
        practice: Templates::load(Document::Practice, Format::Html, None)?,
        feedback: Templates::load(Document::Feedback, Format::Html, None)?,
    };
    let folders = if args.folders.is_empty() {
        let default = PathBuf::from("exercises");
        if !default.is_dir() {
            return Err(CliError::said(lang, desk::word(lang, "no_folder").into()));
        }
        vec![default]
    } else {
        for folder in &args.folders {
            if !folder.exists() {
                return Err(CliError::io(
                    folder,
                    std::io::Error::from(std::io::ErrorKind::NotFound),
                ));
            }
        }
        args.folders.clone()
    };
    let library =
        Library::load(&folders, args.limits.limits()).map_err(|e| CliError::io(&folders[0], e))?;
    // A file that does not read is said here and on the page; the others are served.
    for problem in &library.problems {
        eprintln!("damtutor: {}", problem.say(lang));
    }
    if library.sets.is_empty() {
        let folders = folders
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(CliError::said(
            lang,
            desk::say(lang, "no_sets", &[("folders", &folders)]),
        ));
    }
    let address = SocketAddr::new(
        args.listen.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        args.port,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::said(lang, desk::say(lang, "server_failed", &[("error", &e)])))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address).await.map_err(|e| {
            CliError::said(
                lang,
                match e.kind() {
                    std::io::ErrorKind::AddrInUse => {
                        desk::say(lang, "port_in_use", &[("port", &address.port())])
                    }
                    _ => desk::say(lang, "cannot_listen", &[("addr", &address), ("error", &e)]),
                },
            )
        })?;
        let bound = listener.local_addr().map_err(|e| {
            CliError::said(
                lang,
                desk::say(lang, "cannot_listen", &[("addr", &address), ("error", &e)]),
            )
        })?;
        let desk = Arc::new(Desk {
            pdf: damtutor::pdf::find_browser().is_ok(),
            library,
            store: Store::default(),
            lang,
            port: bound.port(),
            templates,
        });
        let shown = if bound.ip().is_unspecified() || bound.ip().is_loopback() {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), bound.port())
        } else {
            bound
        };
        if !address.ip().is_loopback() {
            eprintln!(
                "damtutor: {}",
                desk::say(lang, "listen_warning", &[("addr", &bound)])
            );
        }
        outln!(
            "{}",
            desk::say(
                lang,
                "loaded",
                &[
                    ("count", &desk.library.count()),
                    ("sets", &desk.library.sets.len())
                ]
            )
        );
        outln!(
            "{}",
            desk::say(lang, "started", &[("url", &format!("http://{shown}/"))])
        );
        super::stdout::flush()?;
        axum::serve(listener, api::router(desk))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| {
                CliError::said(lang, desk::say(lang, "server_failed", &[("error", &e)]))
            })?;
        outln!("{}", desk::word(lang, "stopped"));
        Ok(())
    })
}
