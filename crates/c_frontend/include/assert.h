/* Leapfrog's <assert.h>: keeps `assert` a call of a function named `assert`, which the front end
   turns into an assertion (the property unreach-call), instead of glibc's macro expansion. Like
   the standard header it may be included again, and `assert` follows NDEBUG each time. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void assert();
#endif
#ifndef static_assert
#define static_assert _Static_assert
#endif
