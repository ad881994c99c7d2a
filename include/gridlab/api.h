/* GL_API marks what libgridlab exports: the functions and data of the
 * public headers.  The library is built with hidden visibility, so that
 * everything else stays inside it (docs/architecture.md, "The API").
 * GL_PRINTF marks a function that takes a printf format, for the
 * compiler's checks. */
#ifndef GRIDLAB_API_H
#define GRIDLAB_API_H

#if defined(__GNUC__) || defined(__clang__)
#define GL_API __attribute__((visibility("default")))
#else
#define GL_API
#endif

#if defined(__GNUC__)
#define GL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GL_PRINTF(a, b)
#endif

#endif
