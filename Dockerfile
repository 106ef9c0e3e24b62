# The bot in HTTP mode behind gunicorn, as a non-root user. Put it behind an HTTPS reverse
# proxy (Slack sends requests only to https:// URLs); see "Running in production" in README.md.
#   docker build -t recount .
#   docker run --env-file /etc/recount/recount.env -p 3000:3000 recount
FROM python:3.11-slim

RUN useradd --create-home --uid 10001 recount
WORKDIR /app
COPY pyproject.toml README.md LICENSE requirements.lock gunicorn.conf.py ./
COPY domain ./domain
COPY handlers ./handlers
COPY bot ./bot
# The runtime exactly as pinned in requirements.lock, then recount itself: no test or lint
# tools in the image.
RUN pip install --no-cache-dir --quiet -r requirements.lock \
    && pip install --no-cache-dir --quiet --no-deps . && rm -rf /root/.cache

USER recount
# The watch database: a SQLite file in the container's volume unless RECOUNT_DATABASE_URL
# names PostgreSQL (several replicas need PostgreSQL).
ENV HOST=0.0.0.0 PORT=3000 PYTHONUNBUFFERED=1 \
    RECOUNT_DATABASE_URL=sqlite:////home/recount/data/recount.db
VOLUME ["/home/recount/data"]
EXPOSE 3000
# gunicorn checks the settings and the token before any worker starts: a wrong token exits 2
# with one line, and the container stops (it is not restarted into an unhealthy loop).
# GET /healthz answers 200 "ok" once a worker is up.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '3000') + '/healthz', timeout=2)"]
# SIGTERM (docker stop) lets gunicorn finish requests and queued Slack calls (graceful_timeout).
STOPSIGNAL SIGTERM
CMD ["gunicorn", "-c", "gunicorn.conf.py", "bot.server.wsgi:application"]
