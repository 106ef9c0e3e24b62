# The bot in HTTP mode behind gunicorn, as a non-root user. Put it behind an HTTPS reverse
# proxy (Slack sends requests only to https:// URLs); see "Running in production" in README.md.
#   docker build -t recount .
#   docker run --env-file /etc/recount/recount.env -p 127.0.0.1:3000:3000 \
#       --stop-timeout 30 -v recount-data:/home/recount/data recount
# (-p 127.0.0.1:...: only the proxy on this host reaches it; --stop-timeout: longer than
# gunicorn's graceful_timeout, 25 s, where Docker's default of 10 s would kill the queued
# Slack calls.)
FROM python:3.11-slim

RUN useradd --create-home --uid 10001 recount \
    && install -d -o recount -g recount -m 700 /home/recount/data
WORKDIR /app
# The runtime exactly as pinned in requirements.lock, in a layer of its own: a change to the
# code does not reinstall it. No test or lint tools in the image.
COPY requirements.lock ./
RUN pip install --no-cache-dir --quiet -r requirements.lock && rm -rf /root/.cache
COPY pyproject.toml README.md LICENSE gunicorn.conf.py ./
COPY domain ./domain
COPY handlers ./handlers
COPY bot ./bot
RUN pip install --no-cache-dir --quiet --no-deps . && rm -rf /root/.cache build *.egg-info

USER recount
# The watch database: a SQLite file in the container's volume unless RECOUNT_DATABASE_URL
# names PostgreSQL (several replicas need PostgreSQL). The folder is made and owned by the
# image's user above, before VOLUME: a named volume starts from it, owned by recount.
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
