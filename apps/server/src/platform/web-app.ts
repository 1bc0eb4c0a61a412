import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './envelope.ts';

export const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Hashed build output: a new build writes new names, so a year without asking again is safe. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and the files with stable names: the browser asks again every time (a 304 when unchanged). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * The built web app, when `root` holds one (an index.html): its files, brotli or gzip when the browser accepts
 * them and the build wrote `.br`/`.gz` beside the file, hashed `/assets/*` cached for a year, everything else
 * revalidated; and index.html for every other GET outside /api (the single-page app's routes). Without a
 * build, and for /api, an unknown route is the envelope's 404.
 */
export const registerWebApp = async (app: FastifyInstance, root: string = DEFAULT_WEB_DIST) => {
  const serveWeb = existsSync(path.join(root, 'index.html'));
  if (serveWeb) {
    const assetsDir = path.join(path.resolve(root), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build manifest (.vite/) is for the build's checks, not for browsers.
      serveDotFiles: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
};
