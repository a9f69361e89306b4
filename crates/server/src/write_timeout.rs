//! A connection that gives up on a client that does not read ([`WriteTimeout`]): a write (or
//! flush) that makes no progress for the timeout fails with `TimedOut`, so hyper closes the
//! connection and its place is freed — pipelined requests whose answers are never read cannot
//! hold a connection for ever. Reading is untouched (the header timeout bounds that).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// `S` whose writes time out after `timeout` without progress.
pub struct WriteTimeout<S> {
    inner: S,
    timeout: Duration,
    /// Running while a write waits; reset by any progress.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    /// `inner` with writes bounded by `timeout`.
    pub fn new(inner: S, timeout: Duration) -> WriteTimeout<S> {
        WriteTimeout {
            inner,
            timeout,
            deadline: None,
        }
    }

    /// What a pending write does: waits for the deadline, started at the first wait.
    fn waiting<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let timeout = self.timeout;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + timeout)));
        ready!(deadline.as_mut().poll(cx));
        Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "the client read nothing of the answer in time",
        )))
    }

    /// The result of a write that did not wait: progress resets the deadline.
    fn progressed<T>(&mut self, result: io::Result<T>) -> Poll<io::Result<T>> {
        self.deadline = None;
        Poll::Ready(result)
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Ready(result) => self.progressed(result),
            Poll::Pending => self.waiting(cx),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Ready(result) => self.progressed(result),
            Poll::Pending => self.waiting(cx),
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_shutdown(cx) {
            Poll::Ready(result) => self.progressed(result),
            Poll::Pending => self.waiting(cx),
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write_vectored(cx, bufs) {
            Poll::Ready(result) => self.progressed(result),
            Poll::Pending => self.waiting(cx),
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// A client that never reads: the writer's buffer fills, then the write fails in time.
    #[tokio::test(start_paused = true)]
    async fn a_write_nobody_reads_fails_after_the_timeout() {
        let (writer, _reader) = tokio::io::duplex(64);
        let mut stream = WriteTimeout::new(writer, Duration::from_secs(5));
        stream
            .write_all(&[0; 64])
            .await
            .expect("the buffer takes it");
        let started = Instant::now();
        let error = stream.write_all(&[0; 1]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), Duration::from_secs(5));
    }

    /// A slow reader that keeps reading is never cut off: each bit of progress resets the wait.
    #[tokio::test(start_paused = true)]
    async fn progress_resets_the_deadline() {
        use tokio::io::AsyncReadExt;
        let (writer, mut reader) = tokio::io::duplex(16);
        let mut stream = WriteTimeout::new(writer, Duration::from_secs(5));
        let reading = tokio::spawn(async move {
            let mut buf = [0; 16];
            let mut total = 0;
            while total < 160 {
                tokio::time::sleep(Duration::from_secs(4)).await;
                total += reader.read(&mut buf).await.expect("read");
            }
            total
        });
        stream
            .write_all(&[1; 160])
            .await
            .expect("a slow reader is served");
        assert_eq!(reading.await.unwrap(), 160);
    }
}
